<?php
/**
 * Installs WordPress without network (wp_install) and seeds it from a JSON file: authors,
 * categories (with a child), tags, posts with featured images drawn with GD and processed by
 * wp_generate_attachment_metadata so the REST API reports media_details.sizes.
 * Usage: HTTP_HOST=127.0.0.1:PORT php setup.php WWW_DIR SEED_FILE
 */
[$script, $www, $seedFile] = $argv;
define('WP_INSTALLING', true);
$_SERVER['HTTP_HOST'] = getenv('HTTP_HOST');
$_SERVER['REQUEST_URI'] = '/';
require $www . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/image.php';

$seed = json_decode(file_get_contents($seedFile), true, 512, JSON_THROW_ON_ERROR);
$site = $seed['site'];

$result = wp_install($site['title'], 'admin', 'admin@example.org', true, '', 'sqbb-test-password', $site['locale']);
update_option('blogdescription', $site['description']);
update_option('timezone_string', $site['timezone']);
update_option('WPLANG', $site['locale']);
update_option('uploads_use_yearmonth_folders', 1);
// The seeded content carries iframes (video embeds): an administrator may post them.
wp_set_current_user($result['user_id']);
kses_remove_filters();

$authors = [];
foreach ($seed['authors'] as $author) {
    $id = username_exists($author['login']) ?: wp_insert_user([
        'user_login' => $author['login'], 'user_pass' => wp_generate_password(), 'role' => 'author',
        'user_email' => $author['login'] . '@example.org',
    ]);
    wp_update_user(['ID' => $id, 'display_name' => $author['name'], 'nickname' => $author['name']]);
    $authors[] = $id;
}

// wp_install's sample post ('Hello world!') and page are not club news.
wp_delete_post(1, true);
wp_delete_post(2, true);
wp_update_term(1, 'category', ['name' => 'Non classé', 'slug' => 'non-classe']);
$categories = [];
foreach ($seed['categories'] as $category) {
    $term = wp_insert_term($category['name'], 'category', [
        'slug' => $category['slug'], 'description' => $category['description'] ?? '',
        'parent' => isset($category['parent']) ? $categories[$category['parent']] : 0,
    ]);
    $categories[$category['slug']] = $term['term_id'];
}
$tags = [];
foreach ($seed['tags'] as $tag) {
    $term = wp_insert_term($tag['name'], 'post_tag', ['slug' => $tag['slug']]);
    $tags[$tag['slug']] = $term['term_id'];
}

/** A modest 1024×576 JPEG: a gradient in the post's hue, a ball and the caption. */
function draw_image(string $file, int $hue, string $label): void {
    $width = 1024;
    $height = 576;
    $image = imagecreatetruecolor($width, $height);
    for ($y = 0; $y < $height; $y += 8) {
        [$r, $g, $b] = hsl_to_rgb($hue, 0.55, 0.22 + 0.25 * $y / $height);
        imagefilledrectangle($image, 0, $y, $width, $y + 7, imagecolorallocate($image, $r, $g, $b));
    }
    $orange = imagecolorallocate($image, 230, 120, 30);
    $dark = imagecolorallocate($image, 30, 20, 10);
    imagefilledellipse($image, 820, 200, 220, 220, $orange);
    imagesetthickness($image, 4);
    imageline($image, 710, 200, 930, 200, $dark);
    imageline($image, 820, 90, 820, 310, $dark);
    $white = imagecolorallocate($image, 255, 255, 255);
    $font = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
    if (function_exists('imagettftext') && is_file($font)) {
        imagettftext($image, 34, 0, 60, 500, $white, $font, $label);
    } else {
        imagestring($image, 5, 60, 480, iconv('UTF-8', 'ASCII//TRANSLIT', $label), $white);
    }
    imagejpeg($image, $file, 62);
    imagedestroy($image);
}

function hsl_to_rgb(int $h, float $s, float $l): array {
    $c = (1 - abs(2 * $l - 1)) * $s;
    $x = $c * (1 - abs(fmod($h / 60, 2) - 1));
    $m = $l - $c / 2;
    [$r, $g, $b] = $h < 60 ? [$c, $x, 0] : ($h < 120 ? [$x, $c, 0] : ($h < 180 ? [0, $c, $x] : ($h < 240 ? [0, $x, $c] : ($h < 300 ? [$x, 0, $c] : [$c, 0, $x]))));
    return [(int) round(($r + $m) * 255), (int) round(($g + $m) * 255), (int) round(($b + $m) * 255)];
}

function block(string $name, string $html): string {
    return "<!-- wp:$name -->\n$html\n<!-- /wp:$name -->\n\n";
}

foreach ($seed['posts'] as $index => $post) {
    $content = '';
    foreach ($post['paragraphs'] as $paragraph) $content .= block('paragraph', "<p>$paragraph</p>");
    if (!empty($post['quote'])) {
        $content .= block('quote', "<blockquote class=\"wp-block-quote\"><p>{$post['quote']}</p></blockquote>");
    }
    if (!empty($post['video'])) {
        $content .= block('html', '<figure class="wp-block-embed is-type-video"><div class="wp-block-embed__wrapper"><iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Vidéo du SQBB" frameborder="0" allowfullscreen></iframe></div></figure>');
    }
    $postId = wp_insert_post([
        'post_title' => $post['title'],
        'post_content' => $content,
        'post_status' => 'publish',
        'post_date' => $post['date'],
        'post_author' => $authors[$index % 3 === 2 ? 1 : 0],
        'post_category' => array_map(fn ($slug) => $categories[$slug], $post['categories']),
    ], true);
    if (is_wp_error($postId)) throw new RuntimeException($postId->get_error_message());
    wp_set_object_terms($postId, array_map(fn ($slug) => $tags[$slug], $post['tags']), 'post_tag');

    if ($post['image'] !== null) {
        $upload = wp_upload_dir(str_replace('-', '/', substr($post['date'], 0, 7)));
        $file = $upload['path'] . '/sqbb-actu-' . ($index + 1) . '.jpg';
        draw_image($file, $post['image']['hue'], $post['image']['label']);
        $attachmentId = wp_insert_attachment([
            'post_mime_type' => 'image/jpeg',
            'post_title' => $post['image']['label'],
            'post_status' => 'inherit',
            'post_date' => $post['date'],
        ], $file, $postId, true);
        if (is_wp_error($attachmentId)) throw new RuntimeException($attachmentId->get_error_message());
        wp_update_attachment_metadata($attachmentId, wp_generate_attachment_metadata($attachmentId, $file));
        update_post_meta($attachmentId, '_wp_attachment_image_alt', 'Photo : ' . $post['image']['label']);
        set_post_thumbnail($postId, $attachmentId);
        if (!empty($post['contentImage'])) {
            $figure = '<figure class="wp-block-image size-large">' . wp_get_attachment_image($attachmentId, 'medium_large') . '<figcaption>' . esc_html($post['image']['label']) . '</figcaption></figure>';
            wp_update_post(['ID' => $postId, 'post_content' => $content . block('image', $figure)]);
        }
    }
}
echo 'seeded ' . count($seed['posts']) . " posts\n";
