<?php
// Differential harness: runs one PHP function over hex lines (bytes) on stdin.
// Output: "ok\t<hex of the result bytes>".
$fns = [
    'php.urlencode' => 'urlencode',
    'php.rawurlencode' => 'rawurlencode',
    'php.urldecode' => 'urldecode',
    'php.rawurldecode' => 'rawurldecode',
    'php.http_build_query' => function ($s) { return substr(http_build_query(['k' => $s]), 2); },
];
$fn = $fns[$argv[1]];
$lines = explode("\n", stream_get_contents(STDIN));
array_pop($lines);
$out = [];
foreach ($lines as $line) {
    $out[] = "ok\t" . bin2hex($fn(hex2bin($line)));
}
echo implode("\n", $out), "\n";
