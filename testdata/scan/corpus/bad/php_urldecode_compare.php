<?php
// expect: S003
if (urldecode($a) === urldecode($b)) {
    $same = true;
}
