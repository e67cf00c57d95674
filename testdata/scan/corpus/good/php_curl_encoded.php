<?php
$ch = curl_init('https://example.com/posts/' . rawurlencode($slug));
curl_exec($ch);
