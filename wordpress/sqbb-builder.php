<?php
/**
 * Plugin Name: SQBB builder
 * Description: Makes this headless WordPress know its public site: every "view" link opens the site, WordPress's own public addresses redirect there, the builder service (npm run builder) is told of every change and publishes scheduled posts on time, wp-admin says whether the site has each post's latest version, and "Prévisualiser" opens the site's own preview.
 * Version: 2.0.0
 * Requires at least: 6.0
 * Requires PHP: 7.4
 *
 * A must-use plugin: copy this one file into wp-content/mu-plugins/ and define in WordPress's
 * configuration (wp-config.php; Debian's package: /etc/wordpress/config-<host>.php)
 *
 *     define('SQBB_SITE_URL', 'https://www.sqbb.fr');              // the public site (the build's SITE_URL)
 *     define('SQBB_BUILDER_URL', 'http://127.0.0.1:8787');          // the builder service, as WordPress reaches it
 *     define('SQBB_BUILDER_SECRET', '…');                          // its BUILDER_SECRET, 32 characters or more
 *     define('SQBB_BUILDER_PREVIEW_URL', 'https://apercu.sqbb.fr'); // optional: the builder as editors' browsers reach it
 *
 * What it does (the project's README, "The builder service" and "Pour les rédacteurs"):
 * - Links: a post's, category's and tag's permalink (so "Afficher l'article", the posts list, the
 *   REST API's `link`) is its page on the site; the admin bar's site link is the site. WordPress's
 *   own public pages answer 301 to the same content on the site (wp-admin, wp-login, the REST API,
 *   uploads, cron and previews are untouched).
 * - Notifications: after a request that published, updated, unpublished, trashed or deleted a post,
 *   or changed a category or tag, the builder gets one signed notification (HMAC-SHA256 of
 *   "<timestamp>.<body>" with the secret), once WordPress has answered the editor. A notification
 *   that cannot be delivered is remembered: every wp-admin screen then says the site is not up to date.
 * - Scheduled posts: WP-Cron runs only when someone visits WordPress, and a headless WordPress has
 *   no visitors. Each notification tells the builder when the next scheduled post is due; the
 *   builder then asks this plugin (a signed request) to publish what is due.
 * - Status: the posts list's "Site public" column, the block editor after a save and a notice on
 *   every wp-admin screen say whether the site shows each post's latest version, asking the builder.
 * - Previews: "Prévisualiser" opens the builder's preview, a link signed for the current user; the
 *   builder reads the draft back from this plugin with a signed request of its own, as that user.
 * - Featured images: posts get the "Image mise en avant" panel whatever the theme.
 */

namespace SQBB\Builder;

if (!defined('ABSPATH')) {
    exit;
}

/** Signed preview links last an hour at most (the builder refuses longer ones). */
const PREVIEW_LIFETIME = 3600;
/** A notification names at most this many changes; a bulk action beyond it says only how many. */
const MAX_EVENTS = 200;
/** How far a signed request's timestamp may be from this server's clock, either way. */
const REQUEST_WINDOW = 300;
/** The builder answers in milliseconds; wp-admin never waits long on it. */
const STATUS_TIMEOUT = 2;
/** Option: when a notification could not be delivered first (the site misses changes since then). */
const UNDELIVERED_OPTION = 'sqbb_builder_undelivered_since';
/** Option: the builder's last successful build, as it last said (for "not up to date since"). */
const LAST_SUCCESS_OPTION = 'sqbb_builder_last_success';

/** The constants, checked; null when missing or too weak (nothing is sent then, and admins are told). */
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

/** The public site's address (SQBB_SITE_URL), without a trailing slash; null when not set. */
function site_url_setting(): ?string
{
    $url = defined('SQBB_SITE_URL') ? rtrim((string) constant('SQBB_SITE_URL'), '/') : '';
    return preg_match('#^https?://[^/\s]+(/\S*)?$#i', $url) ? $url : null;
}

/** The site's page of a post, category or tag, or its home ('' path): the build's route table (src/routes). */
function site_link(string $path): ?string
{
    $site = site_url_setting();
    return $site === null ? null : $site . '/' . ltrim($path, '/');
}

function article_path(int $id): string
{
    return "actualites/article/$id/";
}

/* ------------------------------------------------------------------------------------------------
 * Links: every "view" link is the site's page.
 * --------------------------------------------------------------------------------------------- */

// A published post's address is its page on the site. Others keep WordPress's own until they are
// published: the block editor previews a draft at that address (?preview=true), sent on below.
add_filter('post_link', function ($link, $post) {
    $public = $post instanceof \WP_Post && $post->post_type === 'post' && $post->post_status === 'publish';
    return ($public ? site_link(article_path((int) $post->ID)) : null) ?? $link;
}, 10, 2);

add_filter('term_link', function ($link, $term, $taxonomy) {
    $section = ['category' => 'category', 'post_tag' => 'tag'][$taxonomy] ?? null;
    return ($section !== null && $term instanceof \WP_Term ? site_link("actualites/$section/{$term->term_id}/") : null) ?? $link;
}, 10, 3);

// The admin bar's site name and "Aller sur le site" lead to the public site.
add_action('admin_bar_menu', function (\WP_Admin_Bar $bar): void {
    $home = site_link('');
    if ($home === null) {
        return;
    }
    foreach (['site-name', 'view-site'] as $id) {
        $node = $bar->get_node($id);
        if ($node) {
            $bar->add_node(['id' => $id, 'href' => $home]);
        }
    }
}, 100);

// WordPress's own sitemaps would list the site's addresses as WordPress's: the site has its own.
add_filter('wp_sitemaps_enabled', fn ($enabled) => site_url_setting() === null ? $enabled : false);

/** The site's address of what WordPress's front end was asked for; null to let WordPress answer. */
function public_target(): ?array
{
    if (is_singular('post')) {
        $post = get_queried_object();
        if ($post instanceof \WP_Post && $post->post_status === 'publish') {
            return [site_link(article_path((int) $post->ID)), 301];
        }
        return null;
    }
    if (is_category() || is_tag()) {
        $term = get_queried_object();
        return $term instanceof \WP_Term ? [get_term_link($term), 301] : null;
    }
    if (is_feed()) {
        return [site_link('actualites/feed.xml'), 301];
    }
    if (is_search()) {
        return [add_query_arg('q', rawurlencode(get_search_query(false)), site_link('recherche/')), 301];
    }
    if (is_front_page() || is_home()) {
        return [site_link(''), 301];
    }
    if (is_404()) {
        // WordPress's own shortcuts (/admin, /login, /dashboard) still lead to wp-admin.
        wp_redirect_admin_locations();
    }
    // Pages, archives, attachments, unknown addresses: the site has no such page; its home.
    return [site_link(''), 302];
}

// Before WordPress's own redirects and templates; previews are sent on below.
add_action('template_redirect', function (): void {
    if (site_url_setting() === null || is_preview() || is_customize_preview() || is_robots() || is_favicon()) {
        return;
    }
    $target = public_target();
    if ($target !== null && $target[0]) {
        wp_redirect($target[0], $target[1], 'SQBB builder');
        exit;
    }
}, 0);

// Some translations give the post type's labels as HTML ("Afficher l&rsquo;article"); the block editor shows them as text.
add_filter('post_type_labels_post', function ($labels) {
    foreach ((array) $labels as $key => $label) {
        if (is_string($label)) {
            $labels->$key = html_entity_decode($label, ENT_QUOTES | ENT_HTML5, 'UTF-8');
        }
    }
    return $labels;
});

/* ------------------------------------------------------------------------------------------------
 * Featured images whatever the theme (a headless WordPress often has none that declares them).
 * --------------------------------------------------------------------------------------------- */

add_action('after_setup_theme', function (): void {
    $support = get_theme_support('post-thumbnails');
    if ($support === false) {
        add_theme_support('post-thumbnails', ['post']);
    } elseif (is_array($support) && is_array($support[0] ?? null) && !in_array('post', $support[0], true)) {
        add_theme_support('post-thumbnails', array_merge($support[0], ['post']));
    }
}, 100);

// The block editor shows the panel only when the active theme declares the support, which it reads
// from /wp/v2/themes?status=active; with no theme installed (headless) that list is empty. The
// support declared above is given there as the active theme's.
add_filter('rest_post_dispatch', function ($response, $server, $request) {
    if (!($response instanceof \WP_REST_Response) || !($request instanceof \WP_REST_Request) || $request->get_route() !== '/wp/v2/themes'
        || !in_array('active', (array) $request->get_param('status'), true) || $response->get_status() !== 200 || $response->get_data() !== []) {
        return $response;
    }
    $thumbnails = get_theme_support('post-thumbnails');
    $response->set_data([[
        'stylesheet' => get_stylesheet(),
        'template' => get_template(),
        'status' => 'active',
        'name' => ['raw' => 'SQBB (headless)', 'rendered' => 'SQBB (headless)'],
        'theme_supports' => ['post-thumbnails' => is_array($thumbnails) && is_array($thumbnails[0] ?? null) ? $thumbnails[0] : (bool) $thumbnails],
    ]]);
    return $response;
}, 10, 3);

/* ------------------------------------------------------------------------------------------------
 * Talking to the builder: signed both ways, HMAC-SHA256 of "<timestamp>.<body>".
 * --------------------------------------------------------------------------------------------- */

function signature_of(string $timestamp, string $body, string $secret): string
{
    return 'sha256=' . hash_hmac('sha256', $timestamp . '.' . $body, $secret);
}

/** POSTs a signed JSON body to the builder; the decoded answer, or a WP_Error. */
function builder_post(string $path, array $payload, int $timeout = STATUS_TIMEOUT)
{
    $config = config();
    if ($config === null) {
        return new \WP_Error('sqbb_not_configured', 'not configured');
    }
    $body = wp_json_encode($payload);
    $timestamp = (string) time();
    $response = wp_remote_post($config['url'] . $path, [
        'timeout' => $timeout,
        'redirection' => 0,
        'headers' => ['Content-Type' => 'application/json', 'X-SQBB-Timestamp' => $timestamp, 'X-SQBB-Signature' => signature_of($timestamp, $body, $config['secret'])],
        'body' => $body,
    ]);
    if (is_wp_error($response)) {
        return $response;
    }
    $status = (int) wp_remote_retrieve_response_code($response);
    $data = json_decode((string) wp_remote_retrieve_body($response), true);
    if ($status < 200 || $status >= 300 || !is_array($data)) {
        return new \WP_Error('sqbb_builder_http', "HTTP $status");
    }
    return $data;
}

/** A request the builder signed: a fresh timestamp and the secret's signature over its body. */
function verify_builder_request(\WP_REST_Request $request): bool
{
    $config = config();
    $timestamp = (string) $request->get_header('x_sqbb_timestamp');
    $signature = (string) $request->get_header('x_sqbb_signature');
    if ($config === null || !preg_match('/^\d{1,12}$/', $timestamp) || abs(time() - (int) $timestamp) > REQUEST_WINDOW) {
        return false;
    }
    return hash_equals(signature_of($timestamp, (string) $request->get_body(), $config['secret']), $signature);
}

/** When the next scheduled post is due (Unix time), or null: the builder publishes it then. */
function next_scheduled(): ?int
{
    global $wpdb;
    $date = $wpdb->get_var("SELECT MIN(post_date_gmt) FROM {$wpdb->posts} WHERE post_type = 'post' AND post_status = 'future'");
    return $date ? (int) strtotime($date . ' UTC') : null;
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
        $events = array_slice(array_values(self::$events), 0, MAX_EVENTS);
        self::$events = [];
        // The editor's browser gets WordPress's answer now; the notification follows.
        if (function_exists('fastcgi_finish_request')) {
            fastcgi_finish_request();
        } elseif (function_exists('litespeed_finish_request')) {
            litespeed_finish_request();
        }
        $answer = builder_post('/hooks/wordpress', ['site' => home_url(), 'events' => $events, 'nextScheduled' => next_scheduled()]);
        if (is_wp_error($answer)) {
            error_log(sprintf('SQBB builder: notification of %d change(s) not delivered to %s (%s); the next cron build catches up', count($events), $config['url'], $answer->get_error_message()));
            if (!get_option(UNDELIVERED_OPTION)) {
                update_option(UNDELIVERED_OPTION, time(), false);
            }
        }
        delete_transient('sqbb_builder_status');
    }
}

// A post goes on the site, changes there or leaves it (any transition from or to "publish"), or is scheduled.
add_action('transition_post_status', function ($new, $old, $post): void {
    if (!($post instanceof \WP_Post) || $post->post_type !== 'post') {
        return;
    }
    if ($new === 'future') {
        // Nothing to build: the builder learns when it is due.
        Notifications::add('post', 'schedule', (int) $post->ID);
        return;
    }
    if ($new !== 'publish' && $old !== 'publish') {
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

/* ------------------------------------------------------------------------------------------------
 * Previews.
 * --------------------------------------------------------------------------------------------- */

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

/** What the REST API gives the current user for `$route` (context=edit, with embedded media and terms), run inside WordPress. */
function rest_data(string $route): array
{
    $request = new \WP_REST_Request('GET', $route);
    $request->set_query_params(['context' => 'edit']);
    $response = rest_do_request($request);
    return ['status' => $response->get_status(), 'data' => rest_get_server()->response_to_data($response, true)];
}

add_action('rest_api_init', function (): void {
    $signed = fn (\WP_REST_Request $request) => verify_builder_request($request);

    // The builder reads a draft for the user a preview link was signed for, with a request it signs itself:
    // no standing account; WordPress checks that this user may edit this post, and reads it as them.
    register_rest_route('sqbb-builder/v1', '/preview-post', [
        'methods' => 'POST',
        'permission_callback' => $signed,
        'callback' => function (\WP_REST_Request $request) {
            $grant = json_decode((string) $request->get_body(), true);
            $post_id = (int) ($grant['post'] ?? 0);
            $user_id = (int) ($grant['user'] ?? 0);
            $expires = (int) ($grant['expires'] ?? 0);
            if ($post_id <= 0 || $user_id <= 0 || $expires < time()) {
                return new \WP_REST_Response(['code' => 'sqbb_preview_expired'], 403, ['Cache-Control' => 'no-store']);
            }
            $post = get_post($post_id);
            $user = get_userdata($user_id);
            if (!($post instanceof \WP_Post) || $post->post_type !== 'post') {
                return new \WP_REST_Response(['code' => 'sqbb_preview_no_post'], 404, ['Cache-Control' => 'no-store']);
            }
            if (!($user instanceof \WP_User) || !user_can($user, 'edit_post', $post_id)) {
                return new \WP_REST_Response(['code' => 'sqbb_preview_forbidden'], 403, ['Cache-Control' => 'no-store']);
            }
            wp_set_current_user($user_id);
            $post_answer = rest_data("/wp/v2/posts/$post_id");
            $autosaves = rest_data("/wp/v2/posts/$post_id/autosaves");
            return new \WP_REST_Response([
                'status' => $post_answer['status'],
                'post' => $post_answer['data'],
                'autosaves' => $autosaves['status'] === 200 ? $autosaves['data'] : [],
            ], 200, ['Cache-Control' => 'no-store']);
        },
    ]);

    // The builder asks for what is due: scheduled posts whose time has come are published now.
    register_rest_route('sqbb-builder/v1', '/publish-due', [
        'methods' => 'POST',
        'permission_callback' => $signed,
        'callback' => function () {
            $due = get_posts([
                'post_type' => 'post',
                'post_status' => 'future',
                'numberposts' => 100,
                'fields' => 'ids',
                'suppress_filters' => true,
                'date_query' => [['column' => 'post_date_gmt', 'before' => gmdate('Y-m-d H:i:s'), 'inclusive' => true]],
            ]);
            foreach ($due as $id) {
                check_and_publish_future_post($id);
            }
            return new \WP_REST_Response(['published' => array_map('intval', $due), 'next' => next_scheduled(), 'now' => time()], 200, ['Cache-Control' => 'no-store']);
        },
    ]);

    // `npm run builder -- --check`: this plugin is here, signs with the same secret, and reaches the builder.
    register_rest_route('sqbb-builder/v1', '/check', [
        'methods' => 'POST',
        'permission_callback' => $signed,
        'callback' => function (\WP_REST_Request $request) {
            $config = config();
            $ask = json_decode((string) $request->get_body(), true);
            $reach = null;
            if (!empty($ask['reachBuilder'])) {
                $answer = wp_remote_get($config['url'] . '/healthz', ['timeout' => STATUS_TIMEOUT, 'redirection' => 0]);
                $reach = is_wp_error($answer) ? $answer->get_error_message() : (int) wp_remote_retrieve_response_code($answer);
            }
            return new \WP_REST_Response([
                'plugin' => '2.0.0',
                'builderUrl' => $config['url'],
                'previewUrl' => $config['preview'],
                'siteUrl' => site_url_setting(),
                'builderReached' => $reach,
                'thumbnails' => current_theme_supports('post-thumbnails', 'post'),
            ], 200, ['Cache-Control' => 'no-store']);
        },
    ]);

    // The status of posts on the public site, for wp-admin's scripts (the posts list, the block editor).
    register_rest_route('sqbb-builder/v1', '/site-status', [
        'methods' => 'GET',
        'permission_callback' => fn () => current_user_can('edit_posts'),
        'args' => ['posts' => ['type' => 'string', 'required' => true, 'pattern' => '^\d{1,12}(,\d{1,12}){0,99}$']],
        'callback' => function (\WP_REST_Request $request) {
            $ids = array_map('intval', explode(',', (string) $request['posts']));
            $status = site_status($ids, true);
            $posts = [];
            foreach ($ids as $id) {
                $post = get_post($id);
                if ($post instanceof \WP_Post && current_user_can('edit_post', $id)) {
                    $posts[$id] = describe_post_status($post, $status);
                }
            }
            return new \WP_REST_Response(['notice' => site_notice($status), 'posts' => $posts], 200, ['Cache-Control' => 'no-store']);
        },
    ]);
});

/* ------------------------------------------------------------------------------------------------
 * Status: does the site show each post's latest version?
 * --------------------------------------------------------------------------------------------- */

/**
 * The builder's answer for these posts: ['reachable' => bool, 'builder' => …, 'posts' => [id => …]].
 * The builder compares each post's modification date here with the one its site was built from.
 */
function site_status(array $ids, bool $fresh = false): array
{
    if (config() === null) {
        return ['reachable' => false, 'configured' => false, 'posts' => []];
    }
    $key = 'sqbb_builder_status';
    if (!$ids && !$fresh) {
        $cached = get_transient($key);
        if (is_array($cached)) {
            return $cached;
        }
    }
    $posts = [];
    foreach ($ids as $id) {
        $post = get_post($id);
        if ($post instanceof \WP_Post && $post->post_type === 'post') {
            $posts[] = ['id' => (int) $post->ID, 'status' => $post->post_status, 'modified' => mysql_to_rfc3339($post->post_modified)];
        }
    }
    $answer = builder_post('/status', ['posts' => $posts, 'nonce' => wp_generate_password(12, false)]);
    if (is_wp_error($answer)) {
        $result = ['reachable' => false, 'configured' => true, 'error' => $answer->get_error_message(), 'posts' => []];
    } else {
        $result = ['reachable' => true, 'configured' => true, 'builder' => $answer['builder'] ?? [], 'posts' => $answer['posts'] ?? []];
        $success = $answer['builder']['lastSuccess'] ?? null;
        if (is_string($success)) {
            update_option(LAST_SUCCESS_OPTION, $success, false);
            $undelivered = (int) get_option(UNDELIVERED_OPTION, 0);
            // The builder built since the first lost notification (it builds once when it starts): the site caught up.
            if ($undelivered && strtotime($success) > $undelivered) {
                delete_option(UNDELIVERED_OPTION);
            }
        }
    }
    set_transient($key, ['reachable' => $result['reachable'], 'configured' => true, 'builder' => $result['builder'] ?? [], 'posts' => []], 5);
    return $result;
}

/** A time for editors, in the site's time zone: "28 novembre 2026 à 14:05" (the sentences around it are French). */
function when($time): string
{
    $timestamp = is_numeric($time) ? (int) $time : strtotime((string) $time);
    return $timestamp ? wp_date('j F Y \à H:i', $timestamp) : '';
}

/** Since when the public site misses changes, in words: "depuis le 28 novembre 2026 à 14:05". */
function stale_since(): string
{
    $since = (int) get_option(UNDELIVERED_OPTION, 0);
    if ($since) {
        return sprintf('depuis le %s', when($since));
    }
    $success = get_option(LAST_SUCCESS_OPTION);
    return $success ? sprintf('depuis sa dernière mise à jour, le %s', when($success)) : 'pour le moment';
}

/** The notice every wp-admin screen shows when the site cannot follow; null when all is well. */
function site_notice(array $status): ?array
{
    if (!($status['configured'] ?? false)) {
        return null;
    }
    if (!$status['reachable']) {
        return ['level' => 'error', 'text' => sprintf(
            "Le site public n’est pas à jour %s : le service de construction ne répond pas. Vos modifications sont enregistrées dans WordPress ; elles seront mises en ligne dès son retour (ou par la construction planifiée). Prévenez la personne qui gère le site.",
            stale_since()
        )];
    }
    $builder = $status['builder'] ?? [];
    if (($builder['result'] ?? '') === 'failed') {
        $retry = isset($builder['retryAt']) ? sprintf(' Nouvel essai automatique à %s.', wp_date('H:i', strtotime($builder['retryAt']))) : '';
        $since = isset($builder['lastSuccess']) ? sprintf('depuis le %s', when($builder['lastSuccess'])) : stale_since();
        return ['level' => 'error', 'text' => sprintf("Le site public n’est pas à jour %s : la dernière mise à jour a échoué (%s).%s", $since, $builder['reason'] ?? 'erreur inconnue', $retry)];
    }
    if (get_option(UNDELIVERED_OPTION)) {
        return ['level' => 'warning', 'text' => sprintf("Le site public n’est peut-être pas à jour %s : le service de construction n’a pas été prévenu de certaines modifications. Il les rattrapera à sa prochaine construction.", stale_since())];
    }
    return null;
}

/** One post's line for editors: ['state' => live|updating|failed|waiting|scheduled|absent|unknown, 'label' => …]. */
function describe_post_status(\WP_Post $post, array $status): array
{
    $id = (int) $post->ID;
    if ($post->post_status === 'future') {
        return ['state' => 'scheduled', 'label' => sprintf('Programmé : en ligne le %s', when(strtotime($post->post_date_gmt . ' UTC')))];
    }
    if (!($status['configured'] ?? false)) {
        return ['state' => 'unknown', 'label' => 'Service de construction non configuré'];
    }
    if (!$status['reachable']) {
        // Changed since the first notification the builder missed: the site does not have it. Otherwise nobody can say.
        $missed = (int) get_option(UNDELIVERED_OPTION, 0);
        if ($missed && strtotime($post->post_modified_gmt . ' UTC') >= $missed - 5) {
            return ['state' => 'failed', 'label' => 'Échec : le service de construction ne répond pas, le site public n’a pas cette version'];
        }
        return ['state' => 'unknown', 'label' => 'État inconnu : le service de construction ne répond pas'];
    }
    $site = $status['posts'][$id] ?? $status['posts'][(string) $id] ?? null;
    $state = is_array($site) ? (string) ($site['state'] ?? '') : '';
    $published = $post->post_status === 'publish';
    switch ($state) {
        case 'live':
            return ['state' => 'live', 'label' => isset($site['at']) ? sprintf('En ligne depuis le %s', when($site['at'])) : 'En ligne', 'url' => site_link(article_path($id))];
        case 'updating':
            return ['state' => 'updating', 'label' => $published ? 'Mise à jour en cours' : 'Retrait du site en cours'];
        case 'failed':
            return ['state' => 'failed', 'label' => sprintf('Échec : %s', $site['reason'] ?? 'la mise à jour du site a échoué')];
        case 'waiting':
            return ['state' => 'waiting', 'label' => $published ? 'Pas encore en ligne : la prochaine mise à jour du site le publiera' : 'Encore en ligne : la prochaine mise à jour du site le retirera'];
        default:
            return ['state' => 'absent', 'label' => $published ? 'Pas sur le site' : 'Non publié'];
    }
}

// The posts list: a "Site public" column.
add_filter('manage_post_posts_columns', function (array $columns): array {
    if (config() === null) {
        return $columns;
    }
    $columns['sqbb_site'] = 'Site public';
    return $columns;
});

add_action('manage_post_posts_custom_column', function (string $column, int $post_id): void {
    static $status = null;
    if ($column !== 'sqbb_site') {
        return;
    }
    if ($status === null) {
        global $wp_query;
        $ids = array_map(fn ($post) => (int) (is_object($post) ? $post->ID : $post), $wp_query->posts ?? []);
        $status = site_status($ids, true);
    }
    $post = get_post($post_id);
    if (!($post instanceof \WP_Post)) {
        return;
    }
    $line = describe_post_status($post, $status);
    printf('<span class="sqbb-site-status sqbb-site-status--%s" data-sqbb-post="%d" data-sqbb-state="%s">%s</span>', esc_attr($line['state']), $post_id, esc_attr($line['state']), esc_html($line['label']));
}, 10, 2);

// Every wp-admin screen: said loudly when the site cannot follow.
add_action('admin_notices', function (): void {
    if (!current_user_can('edit_posts')) {
        return;
    }
    if (config() === null) {
        if (current_user_can('manage_options')) {
            echo '<div class="notice notice-warning"><p>' . esc_html("SQBB builder : définissez SQBB_SITE_URL, SQBB_BUILDER_URL et SQBB_BUILDER_SECRET (32 caractères ou plus) dans la configuration de WordPress ; le site ne sera mis à jour que par sa construction planifiée.") . '</p></div>';
        }
        return;
    }
    $notice = site_notice(site_status([]));
    if ($notice !== null) {
        printf('<div class="notice notice-%s sqbb-site-notice"><p><strong>Site public :</strong> %s</p></div>', esc_attr($notice['level']), esc_html($notice['text']));
    }
    if (site_url_setting() === null && current_user_can('manage_options')) {
        echo '<div class="notice notice-warning"><p>' . esc_html("SQBB builder : définissez SQBB_SITE_URL (l’adresse du site public) : les liens « Afficher » mènent sinon à WordPress, qui n’a pas de site.") . '</p></div>';
    }
});

/* ------------------------------------------------------------------------------------------------
 * wp-admin's scripts: the status after a save, and "Afficher" that waits until the page is online.
 * --------------------------------------------------------------------------------------------- */

/** The settings the admin script reads. */
function script_settings(): array
{
    $config = config();
    return [
        'site' => site_url_setting(),
        'go' => $config['preview'] . '/go/',
        'statusPath' => '/sqbb-builder/v1/site-status',
    ];
}

/**
 * A click on a link to a post's page on the site goes through the builder's /go/<id>, which waits
 * (a few seconds at most) until the site shows that version, then redirects: "Afficher l'article"
 * followed right after "Publier" lands on the article, never on a 404. After each save in the block
 * editor, the post's status on the site is shown as a notice until it settles; the posts list's
 * column follows while a post is being updated.
 */
const ADMIN_SCRIPT = <<<'JS'
(function () {
  var settings = window.sqbbBuilder;
  if (!settings || !settings.site || !window.wp || !wp.apiFetch) return;
  var articlePattern = new RegExp('^' + settings.site.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '/actualites/article/(\\d+)/?$');
  var known = {};
  function status(ids) {
    return wp.apiFetch({ path: settings.statusPath + '?posts=' + ids.join(',') });
  }
  document.addEventListener('click', function (event) {
    var link = event.target && event.target.closest ? event.target.closest('a[href]') : null;
    var match = link && articlePattern.exec(link.href);
    if (!match || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (known[match[1]] === 'live') return;
    event.preventDefault();
    event.stopPropagation();
    var editor = window.wp.data && wp.data.select('core/editor');
    var post = editor && editor.getCurrentPostId && String(editor.getCurrentPostId()) === match[1] ? editor.getCurrentPost() : null;
    var url = settings.go + match[1] + (post && post.modified ? '?v=' + encodeURIComponent(post.modified) : '');
    if (link.target && link.target !== '_self') window.open(url, link.target, 'noopener');
    else window.location.href = url;
  }, true);

  // The posts list: rows being updated follow until they settle.
  function followList(round) {
    var cells = document.querySelectorAll('.sqbb-site-status[data-sqbb-state="updating"], .sqbb-site-status[data-sqbb-state="waiting"]');
    if (!cells.length || round > 60) return;
    var ids = Array.prototype.map.call(cells, function (cell) { return cell.getAttribute('data-sqbb-post'); });
    setTimeout(function () {
      status(ids).then(function (answer) {
        Array.prototype.forEach.call(cells, function (cell) {
          var line = answer.posts[cell.getAttribute('data-sqbb-post')];
          if (!line) return;
          cell.textContent = line.label;
          cell.setAttribute('data-sqbb-state', line.state);
          cell.className = 'sqbb-site-status sqbb-site-status--' + line.state;
          known[cell.getAttribute('data-sqbb-post')] = line.state;
        });
        followList(round + 1);
      }, function () {});
    }, 1000);
  }
  document.querySelectorAll('.sqbb-site-status').forEach(function (cell) { known[cell.getAttribute('data-sqbb-post')] = cell.getAttribute('data-sqbb-state'); });
  followList(0);

  // The block editor: after each save, the post's status on the site until it settles.
  if (!window.wp.data || !wp.data.select('core/editor')) return;
  // Its panel after "Publier" says the post "is now live": true of WordPress, not yet of the site.
  if (wp.i18n) wp.i18n.setLocaleData({ 'is now live.': ['est publié dans WordPress ; le site public suit dans quelques secondes (voir « Site public »).'] }, 'default');
  var notices = wp.data.dispatch('core/notices');
  var timer = null;
  function show(answer, id) {
    var line = answer.posts[id];
    if (answer.notice) notices.createNotice(answer.notice.level === 'error' ? 'error' : 'warning', 'Site public : ' + answer.notice.text, { id: 'sqbb-site-notice', isDismissible: true });
    else notices.removeNotice('sqbb-site-notice');
    if (!line) return;
    known[id] = line.state;
    var level = line.state === 'live' ? 'success' : line.state === 'failed' ? 'error' : 'info';
    notices.createNotice(level, 'Site public : ' + line.label, { id: 'sqbb-site-status', isDismissible: true, speak: line.state !== 'updating' });
  }
  function follow(round) {
    clearTimeout(timer);
    var editor = wp.data.select('core/editor');
    var id = String(editor.getCurrentPostId());
    var post = editor.getCurrentPost();
    if (!post || !post.id || post.status === 'auto-draft') return;
    status([id]).then(function (answer) {
      show(answer, id);
      var line = answer.posts[id];
      if (line && (line.state === 'updating' || line.state === 'waiting') && round < 120) timer = setTimeout(function () { follow(round + 1); }, 700);
    }, function () {});
  }
  var saving = false;
  wp.data.subscribe(function () {
    var editor = wp.data.select('core/editor');
    var now = editor.isSavingPost() && !editor.isAutosavingPost();
    if (saving && !now && !editor.didPostSaveRequestFail()) follow(0);
    saving = now;
  });
  wp.domReady(function () { follow(0); });
})();
JS;

add_action('admin_enqueue_scripts', function (): void {
    if (config() === null || site_url_setting() === null || !current_user_can('edit_posts')) {
        return;
    }
    wp_register_script('sqbb-builder-admin', false, ['wp-api-fetch', 'wp-dom-ready', 'wp-data', 'wp-i18n'], '2.0.0', true);
    wp_enqueue_script('sqbb-builder-admin');
    wp_add_inline_script('sqbb-builder-admin', 'window.sqbbBuilder = ' . wp_json_encode(script_settings()) . ";\n" . ADMIN_SCRIPT);
});

add_action('admin_head', function (): void {
    echo '<style>.column-sqbb_site{width:11em}.sqbb-site-status--live{color:#007017}.sqbb-site-status--failed{color:#b32d2e;font-weight:600}.sqbb-site-status--updating,.sqbb-site-status--waiting{color:#996800}</style>';
});
