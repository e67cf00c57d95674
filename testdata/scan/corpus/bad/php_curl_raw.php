<?php
// expect: S007
$ch = curl_init();
curl_setopt($ch, CURLOPT_URL, 'https://example.com/p/' . $slug);
