<?php
function normalize_url($u) {
    return preg_replace_callback('/%[0-9a-f]{2}/i', fn($m) => strtoupper($m[0]), $u);
}
$same = normalize_url($a) === normalize_url($b);
