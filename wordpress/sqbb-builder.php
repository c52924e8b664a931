<?php
/**
 * Plugin Name: SQBB builder
 * Description: Tells the site's builder service (npm run builder) when published news change, so the static site follows within seconds, and opens "Prévisualiser" on the site's own preview of the post.
 * Version: 1.0.0
 * Requires at least: 6.0
 * Requires PHP: 7.4
 *
 * A must-use plugin: copy this one file into wp-content/mu-plugins/ and define in wp-config.php
 *
 *     define('SQBB_BUILDER_URL', 'http://127.0.0.1:8787');        // the builder service, as WordPress reaches it
 *     define('SQBB_BUILDER_SECRET', '…');                          // its BUILDER_SECRET, 32 characters or more
 *     define('SQBB_BUILDER_PREVIEW_URL', 'https://apercu.sqbb.fr'); // optional: the builder as editors' browsers reach it
 *
 * What it does (the project's README, "The builder service"):
 * - after a request that published, updated, unpublished, trashed or deleted a post (a scheduled
 *   post published by WP-Cron included), or created, edited or deleted a category or tag, it sends
 *   the builder one signed notification: HMAC-SHA256 of "<timestamp>.<body>" with the secret. It is
 *   sent once WordPress has answered the editor (PHP-FPM and LiteSpeed; elsewhere the builder
 *   answers in milliseconds), with a 2-second timeout; a failure is only logged: the site's cron
 *   build catches up.
 * - "Prévisualiser" (block editor, classic editor, the posts list) opens the builder's preview: a
 *   link signed for the current user (post, user, expiry within an hour), made by WordPress's own
 *   get_preview_post_link(); the builder asks WordPress (the route below) whether that user may
 *   still edit the post before showing anything.
 * - the builder reads drafts with an application password: over plain HTTP WordPress refuses them
 *   unless the request comes from this machine (loopback), which this plugin allows.
 */

namespace SQBB\Builder;

if (!defined('ABSPATH')) {
    exit;
}

/** Signed preview links last an hour at most (the builder refuses longer ones). */
const PREVIEW_LIFETIME = 3600;
/** A notification names at most this many changes; a bulk action beyond it says only how many. */
const MAX_EVENTS = 200;

/** The two constants, checked; null when missing or too weak (nothing is sent then, and admins are told). */
function config(): ?array
{
    if (!defined('SQBB_BUILDER_URL') || !defined('SQBB_BUILDER_SECRET')) {
        return null;
    }
    $url = rtrim((string) constant('SQBB_BUILDER_URL'), '/');
    $secret = (string) constant('SQBB_BUILDER_SECRET');
    if (!preg_match('#^https?://#i', $url) || strlen($secret) < 32) {
        return null;
    }
    $preview = defined('SQBB_BUILDER_PREVIEW_URL') ? rtrim((string) constant('SQBB_BUILDER_PREVIEW_URL'), '/') : $url;
    return ['url' => $url, 'secret' => $secret, 'preview' => $preview];
}

/** The changes of this request, sent together when it ends. */
final class Notifications
{
    /** @var array<string, array<string, mixed>> */
    private static array $events = [];

    public static function add(string $kind, string $action, int $id, ?string $taxonomy = null): void
    {
        if ($id <= 0 || config() === null) {
            return;
        }
        if (!self::$events) {
            // Late: after WordPress's own shutdown work, once the editor has the answer.
            add_action('shutdown', [self::class, 'send'], 1000);
        }
        $event = ['kind' => $kind, 'action' => $action, 'id' => $id];
        if ($taxonomy !== null) {
            $event['taxonomy'] = $taxonomy;
        }
        self::$events["$kind:$id:$action"] = $event;
    }

    public static function send(): void
    {
        $config = config();
        if ($config === null || !self::$events) {
            return;
        }
        $events = array_values(self::$events);
        self::$events = [];
        if (count($events) > MAX_EVENTS) {
            $events = array_slice($events, 0, MAX_EVENTS);
        }
        $body = wp_json_encode(['site' => home_url(), 'events' => $events]);
        $timestamp = (string) time();
        $signature = 'sha256=' . hash_hmac('sha256', $timestamp . '.' . $body, $config['secret']);
        // The editor's browser gets WordPress's answer now; the notification follows.
        if (function_exists('fastcgi_finish_request')) {
            fastcgi_finish_request();
        } elseif (function_exists('litespeed_finish_request')) {
            litespeed_finish_request();
        }
        $response = wp_remote_post($config['url'] . '/hooks/wordpress', [
            'timeout' => 2,
            'redirection' => 0,
            'headers' => ['Content-Type' => 'application/json', 'X-SQBB-Timestamp' => $timestamp, 'X-SQBB-Signature' => $signature],
            'body' => $body,
        ]);
        $status = is_wp_error($response) ? $response->get_error_message() : (int) wp_remote_retrieve_response_code($response);
        if ($status !== 202) {
            error_log(sprintf('SQBB builder: notification of %d change(s) not delivered to %s (%s); the next cron build catches up', count($events), $config['url'], $status));
        }
    }
}

// A post goes on the site, changes there or leaves it: any transition from or to "publish".
add_action('transition_post_status', function ($new, $old, $post): void {
    if (!($post instanceof \WP_Post) || $post->post_type !== 'post' || ($new !== 'publish' && $old !== 'publish')) {
        return;
    }
    if ($new === 'publish') {
        $action = $old === 'publish' ? 'update' : ($old === 'future' ? 'scheduled' : 'publish');
    } else {
        $action = $new === 'trash' ? 'trash' : 'unpublish';
    }
    Notifications::add('post', $action, (int) $post->ID);
}, 10, 3);

// Deleted without going through the trash.
add_action('before_delete_post', function ($post_id, $post = null): void {
    $post = $post instanceof \WP_Post ? $post : get_post($post_id);
    if ($post instanceof \WP_Post && $post->post_type === 'post' && $post->post_status === 'publish') {
        Notifications::add('post', 'delete', (int) $post->ID);
    }
}, 10, 2);

// An image's alt text or file edited: the published posts showing it change.
add_action('edit_attachment', function ($attachment_id): void {
    $parent = wp_get_post_parent_id($attachment_id);
    global $wpdb;
    $featured = (bool) $wpdb->get_var($wpdb->prepare(
        "SELECT 1 FROM {$wpdb->postmeta} m JOIN {$wpdb->posts} p ON p.ID = m.post_id WHERE m.meta_key = '_thumbnail_id' AND m.meta_value = %d AND p.post_status = 'publish' LIMIT 1",
        $attachment_id
    ));
    if ($featured || ($parent && get_post_status($parent) === 'publish')) {
        Notifications::add('attachment', 'edit', (int) $attachment_id);
    }
});

// Categories and tags: every one has its page on the site.
foreach (['created_term' => 'create', 'edited_term' => 'edit', 'delete_term' => 'delete'] as $hook => $action) {
    add_action($hook, function ($term, $tt_id, $taxonomy) use ($action): void {
        if ($taxonomy === 'category' || $taxonomy === 'post_tag') {
            Notifications::add('term', $action, (int) ($term instanceof \WP_Term ? $term->term_id : $term), $taxonomy);
        }
    }, 10, 3);
}

/** The builder's preview of a post for a user: /preview/<post>?user=…&expires=…&signature=… */
function preview_link(int $post_id, int $user_id): ?string
{
    $config = config();
    if ($config === null) {
        return null;
    }
    // Shorter on demand (a site's policy, or a test of expiry); never longer than an hour.
    $lifetime = max(1, min(PREVIEW_LIFETIME, (int) apply_filters('sqbb_builder_preview_lifetime', PREVIEW_LIFETIME)));
    $expires = time() + $lifetime;
    $signature = hash_hmac('sha256', "preview:$post_id:$user_id:$expires", $config['secret']);
    return sprintf('%s/preview/%d?user=%d&expires=%d&signature=%s', $config['preview'], $post_id, $user_id, $expires, $signature);
}

/** The signed link for the current user, when they may edit this post (else WordPress's own). */
function preview_link_for_current_user(\WP_Post $post): ?string
{
    $user = get_current_user_id();
    if ($post->post_type !== 'post' || !$user || !current_user_can('edit_post', $post->ID)) {
        return null;
    }
    return preview_link((int) $post->ID, (int) $user);
}

// get_preview_post_link(): the classic editor's preview, the posts list, the block editor's preview of a published post (its autosave).
add_filter('preview_post_link', function ($link, $post) {
    return ($post instanceof \WP_Post ? preview_link_for_current_user($post) : null) ?? $link;
}, 10, 2);

// The block editor previews a draft at its own address with ?preview=true: WordPress's preview, sent on to the site's.
add_action('template_redirect', function (): void {
    if (!is_preview()) {
        return;
    }
    $post = get_queried_object();
    $link = $post instanceof \WP_Post ? preview_link_for_current_user($post) : null;
    if ($link !== null) {
        nocache_headers();
        wp_redirect($link, 302, 'SQBB builder');
        exit;
    }
});

// The builder asks, with its application password, whether the user a link was signed for may still edit the post.
add_action('rest_api_init', function (): void {
    register_rest_route('sqbb-builder/v1', '/preview-access', [
        'methods' => 'GET',
        'permission_callback' => fn () => current_user_can('edit_others_posts'),
        'args' => [
            'post' => ['type' => 'integer', 'required' => true, 'minimum' => 1],
            'user' => ['type' => 'integer', 'required' => true, 'minimum' => 1],
        ],
        'callback' => function (\WP_REST_Request $request) {
            $post = get_post((int) $request['post']);
            $user = get_userdata((int) $request['user']);
            $allowed = $post instanceof \WP_Post && $post->post_type === 'post' && $user instanceof \WP_User && user_can($user, 'edit_post', $post->ID);
            return new \WP_REST_Response(['allowed' => $allowed], 200, ['Cache-Control' => 'no-store']);
        },
    ]);
});

// Application passwords over plain HTTP only from this machine (a builder calling http://127.0.0.1): nothing crosses a network.
add_filter('wp_is_application_passwords_available', function ($available) {
    $remote = $_SERVER['REMOTE_ADDR'] ?? '';
    return $available || $remote === '127.0.0.1' || $remote === '::1';
});

// Said to administrators when the constants are missing or the secret too short.
add_action('admin_notices', function (): void {
    if (config() !== null || !current_user_can('manage_options')) {
        return;
    }
    echo '<div class="notice notice-warning"><p>' . esc_html__('SQBB builder : définissez SQBB_BUILDER_URL et SQBB_BUILDER_SECRET (32 caractères ou plus) dans wp-config.php ; le site ne sera mis à jour que par sa construction planifiée.', 'sqbb-builder') . '</p></div>';
});
