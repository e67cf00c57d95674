<?php
$code = curl_getinfo($ch, CURLINFO_HTTP_CODE);
if ($code === 200) {
    echo 'ok';
}
