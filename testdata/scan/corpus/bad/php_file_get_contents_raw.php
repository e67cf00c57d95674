<?php
// expect: S007
$html = file_get_contents("https://example.com/tag/$tag/");
