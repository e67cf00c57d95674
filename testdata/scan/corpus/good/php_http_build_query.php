<?php
$url = 'https://example.com/search?' . http_build_query(['q' => $term]);
$html = file_get_contents($url);
