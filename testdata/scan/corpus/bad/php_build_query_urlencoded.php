<?php
// expect: S006
$qs = http_build_query(['tag' => urlencode($tag)]);
