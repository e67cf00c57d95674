<?php
$url = 'https://example.com/search?q=' . urlencode($term);
