<?php
$html = file_get_contents('https://example.com/tag/' . rawurlencode($tag) . '/');
