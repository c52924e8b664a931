<?php
/**
 * Installs WordPress without network (wp_install) and seeds it from a JSON file: authors,
 * categories (with a child), tags, posts with featured images drawn with GD and processed by
 * wp_generate_attachment_metadata so the REST API reports media_details.sizes.
 * A post may instead give `blocks`, a file of block-editor markup beside the seed whose
 * {{image:N:id}}, {{image:N:url[:size]}}, {{file:N:id}} and {{file:N:url}} name its attachments
 * (image 0 is the featured image, then `contentImages`, then `files`) and {{home}} the site's address.
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

/** A one-page PDF saying $title, for the file block (a club's rules, a schedule). */
function write_pdf(string $file, string $title): void {
    $text = str_replace(['\\', '(', ')'], ['\\\\', '\\(', '\\)'], iconv('UTF-8', 'windows-1252//TRANSLIT', $title));
    $stream = "BT /F1 24 Tf 72 720 Td ($text) Tj ET";
    $objects = [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
        '<< /Length ' . strlen($stream) . " >>\nstream\n$stream\nendstream",
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ];
    $pdf = "%PDF-1.4\n";
    $offsets = [];
    foreach ($objects as $index => $object) {
        $offsets[] = strlen($pdf);
        $pdf .= ($index + 1) . " 0 obj\n$object\nendobj\n";
    }
    $xref = strlen($pdf);
    $pdf .= 'xref' . "\n0 " . (count($objects) + 1) . "\n0000000000 65535 f \n";
    foreach ($offsets as $offset) $pdf .= sprintf("%010d 00000 n \n", $offset);
    $pdf .= 'trailer' . "\n<< /Size " . (count($objects) + 1) . " /Root 1 0 R >>\nstartxref\n$xref\n%%EOF\n";
    file_put_contents($file, $pdf);
}

/** An attachment of $postId from a file already in the uploads folder. */
function attach(int $postId, string $file, string $mime, string $title, string $date): int {
    $attachmentId = wp_insert_attachment([
        'post_mime_type' => $mime, 'post_title' => $title, 'post_status' => 'inherit', 'post_date' => $date,
    ], $file, $postId, true);
    if (is_wp_error($attachmentId)) throw new RuntimeException($attachmentId->get_error_message());
    wp_update_attachment_metadata($attachmentId, wp_generate_attachment_metadata($attachmentId, $file));
    return $attachmentId;
}

function block(string $name, string $html): string {
    return "<!-- wp:$name -->\n$html\n<!-- /wp:$name -->\n\n";
}

foreach ($seed['posts'] as $index => $post) {
    $content = '';
    $attachmentId = null;
    foreach ($post['paragraphs'] ?? [] as $paragraph) $content .= block('paragraph', "<p>$paragraph</p>");
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
        $attachmentId = attach($postId, $file, 'image/jpeg', $post['image']['label'], $post['date']);
        update_post_meta($attachmentId, '_wp_attachment_image_alt', 'Photo : ' . $post['image']['label']);
        // The attachment's caption (its excerpt), a photo credit: the article shows it under the image.
        if (!empty($post['image']['caption'])) wp_update_post(['ID' => $attachmentId, 'post_excerpt' => $post['image']['caption']]);
        set_post_thumbnail($postId, $attachmentId);
        if (!empty($post['contentImage'])) {
            $figure = '<figure class="wp-block-image size-large">' . wp_get_attachment_image($attachmentId, 'medium_large') . '<figcaption>' . esc_html($post['image']['label']) . '</figcaption></figure>';
            wp_update_post(['ID' => $postId, 'post_content' => $content . block('image', $figure)]);
        }
    }
    if (!empty($post['blocks'])) {
        $upload = wp_upload_dir(str_replace('-', '/', substr($post['date'], 0, 7)));
        $images = [$attachmentId ?? 0];
        foreach ($post['contentImages'] ?? [] as $number => $image) {
            $file = $upload['path'] . '/sqbb-actu-' . ($index + 1) . '-contenu-' . ($number + 1) . '.jpg';
            draw_image($file, $image['hue'], $image['label']);
            $images[] = attach($postId, $file, 'image/jpeg', $image['label'], $post['date']);
            update_post_meta(end($images), '_wp_attachment_image_alt', $image['label']);
        }
        $files = [];
        foreach ($post['files'] ?? [] as $document) {
            $file = $upload['path'] . '/' . $document['name'];
            write_pdf($file, $document['title']);
            $files[] = attach($postId, $file, 'application/pdf', $document['title'], $post['date']);
        }
        $markup = str_replace('{{home}}', untrailingslashit(home_url()), file_get_contents(dirname($seedFile) . '/' . $post['blocks']));
        $markup = preg_replace_callback('/\{\{(image|file):(\d+):(id|url)(?::([a-z_]+))?\}\}/', function ($match) use ($images, $files) {
            $id = ($match[1] === 'image' ? $images : $files)[(int) $match[2]] ?? null;
            if (!$id) throw new RuntimeException("no attachment for {$match[0]}");
            if ($match[3] === 'id') return (string) $id;
            return $match[1] === 'image' ? wp_get_attachment_image_src($id, $match[4] ?? 'full')[0] : wp_get_attachment_url($id);
        }, $markup);
        // wp_update_post unslashes what it is given; block attributes may hold backslashes.
        wp_update_post(wp_slash(['ID' => $postId, 'post_content' => $markup]));
    }
}
echo 'seeded ' . count($seed['posts']) . " posts\n";
