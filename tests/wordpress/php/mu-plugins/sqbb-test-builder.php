<?php
/**
 * Loaded by tests/wordpress/builder.test.ts only. Two switches, as options:
 * - sqbb_test_cdn: a base URL; every uploads URL WordPress gives out (attachment URLs, image sizes
 *   and srcset, post contents) points there, as an offload plugin does it;
 * - sqbb_test_classic_editor: posts open in the classic editor (as the Classic Editor plugin does).
 */
function sqbb_test_cdn_rewrite($value) {
    $cdn = get_option('sqbb_test_cdn');
    if (!$cdn || !is_string($value)) return $value;
    return str_replace(content_url('/uploads'), rtrim($cdn, '/'), $value);
}
add_filter('wp_get_attachment_url', 'sqbb_test_cdn_rewrite');
add_filter('the_content', 'sqbb_test_cdn_rewrite', 100);
add_filter('wp_calculate_image_srcset', function ($sources) {
    if (!get_option('sqbb_test_cdn') || !is_array($sources)) return $sources;
    foreach ($sources as &$source) $source['url'] = sqbb_test_cdn_rewrite($source['url']);
    return $sources;
});
add_filter('use_block_editor_for_post', function ($use) {
    return get_option('sqbb_test_classic_editor') ? false : $use;
}, 100);
