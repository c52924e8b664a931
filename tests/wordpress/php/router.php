<?php
/**
 * Router for PHP's built-in server: /wp-json/... becomes ?rest_route=... (what pretty permalinks
 * do under Apache), existing files are served as they are, everything else goes to index.php.
 */
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if (strncmp($path, '/wp-json', 8) === 0) {
    $_GET['rest_route'] = substr($path, 8) === '' ? '/' : substr($path, 8);
    $_SERVER['SCRIPT_NAME'] = '/index.php';
    require __DIR__ . '/index.php';
    return true;
}
// A folder with its index.php (wp-admin/) is served as Apache and nginx do: that index.php.
if ($path !== '/' && is_dir(__DIR__ . $path) && is_file(__DIR__ . rtrim($path, '/') . '/index.php')) return false;
if ($path !== '/' && is_file(__DIR__ . $path)) return false;
$_SERVER['SCRIPT_NAME'] = '/index.php';
require __DIR__ . '/index.php';
