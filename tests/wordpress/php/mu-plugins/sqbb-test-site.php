<?php
/**
 * Loaded by the throwaway test WordPress only (tests/wordpress/server.ts copies it into
 * wp-content/mu-plugins). It stands in for what an offline machine cannot have, so the REST answers
 * are those of a club site online.
 */

/**
 * YouTube's oEmbed answer for a watch URL, as https://www.youtube.com/oembed gives it, without the
 * network (wp-config blocks outside requests): block-editor embeds render as their iframe.
 */
add_filter('pre_oembed_result', function ($result, $url, $args) {
    if (!preg_match('#^https://(?:www\.)?youtube\.com/watch\?v=([\w-]{11})#', $url, $match)) return $result;
    $width = (int) ($args['width'] ?? 500);
    return sprintf(
        '<iframe width="%d" height="%d" src="https://www.youtube.com/embed/%s?feature=oembed" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen title="Vidéo du SQBB"></iframe>',
        $width, (int) round($width * 9 / 16), $match[1],
    );
}, 10, 3);

/**
 * Issue 18 saw `[caption …]` reach the site as text: a site where no theme or plugin renders that
 * shortcode (posts imported from an older site). The reference post's old caption stays so here.
 */
add_action('init', function () {
    remove_shortcode('caption');
    remove_shortcode('wp_caption');
}, 20);
