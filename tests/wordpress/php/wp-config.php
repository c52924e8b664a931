<?php
/**
 * Config of the throwaway test WordPress. Replaces Debian's /usr/share/wordpress/wp-config.php
 * (which reads /etc/wordpress/config-<host>.php) so nothing outside the temporary folder is touched.
 * The values come from the environment set by tests/wordpress/server.ts.
 */
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:' . getenv('SQBB_WP_DB_SOCKET'));
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
define('WP_HOME', getenv('SQBB_WP_URL'));
define('WP_SITEURL', getenv('SQBB_WP_URL'));
define('WP_CONTENT_DIR', __DIR__ . '/wp-content');
define('WP_CONTENT_URL', getenv('SQBB_WP_URL') . '/wp-content');
define('AUTH_KEY', 'sqbb-test');
define('SECURE_AUTH_KEY', 'sqbb-test');
define('LOGGED_IN_KEY', 'sqbb-test');
define('NONCE_KEY', 'sqbb-test');
define('AUTH_SALT', 'sqbb-test');
define('SECURE_AUTH_SALT', 'sqbb-test');
define('LOGGED_IN_SALT', 'sqbb-test');
define('NONCE_SALT', 'sqbb-test');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_DEBUG', false);
// Application passwords over plain HTTP (bench/builder-bench.ts publishes through the REST API).
if (getenv('SQBB_WP_ENVIRONMENT_TYPE')) define('WP_ENVIRONMENT_TYPE', getenv('SQBB_WP_ENVIRONMENT_TYPE'));
// The builder's plugin (wordpress/sqbb-builder.php), when a test installs it.
if (getenv('SQBB_BUILDER_URL')) define('SQBB_BUILDER_URL', getenv('SQBB_BUILDER_URL'));
if (getenv('SQBB_BUILDER_SECRET')) define('SQBB_BUILDER_SECRET', getenv('SQBB_BUILDER_SECRET'));
if (getenv('SQBB_SITE_URL')) define('SQBB_SITE_URL', getenv('SQBB_SITE_URL'));
$table_prefix = 'wp_';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
