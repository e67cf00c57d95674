<?php
$keys = array_map('normalize_url', $sitemap_urls);
if (in_array(normalize_url($link), $keys, true)) {
    $found++;
}
