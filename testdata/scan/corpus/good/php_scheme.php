<?php
if (parse_url($url, PHP_URL_SCHEME) === 'https') {
    $secure = true;
}
