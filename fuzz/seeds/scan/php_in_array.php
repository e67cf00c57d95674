<?php
// expect: S001
if (!in_array($url, $wp_links, true)) {
    $missing[] = $url;
}
