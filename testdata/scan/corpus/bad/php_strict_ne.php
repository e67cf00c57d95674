<?php
// expect: S001
if ($canonical !== $page_url) {
    echo 'mismatch';
}
