<?php
// expect: S005
$html = file_get_contents(urlencode($url));
