<?php
/**
 * Runs a few lines of PHP inside the test WordPress, as its administrator: how the integration test
 * edits content between two builds (a new post, a trashed one, a renamed tag...) exactly as the
 * admin screens would, through WordPress's own functions.
 * Usage: HTTP_HOST=127.0.0.1:PORT php eval.php WWW_DIR 'php code'
 */
[$script, $www, $code] = $argv;
$_SERVER['HTTP_HOST'] = getenv('HTTP_HOST');
$_SERVER['REQUEST_URI'] = '/';
require $www . '/wp-load.php';
wp_set_current_user(1);
kses_remove_filters();
eval($code);
