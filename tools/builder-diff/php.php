<?php
// Builder harness (PHP): http_build_query over the cases on stdin (`flavor TAB pairs`).
// Parameters become the PHP array a form handler gets: a key seen again turns into a list
// ['k' => ['1', '2']], at the place of its first occurrence.
$lines = explode("\n", stream_get_contents(STDIN));
array_pop($lines);
$out = [];
foreach ($lines as $line) {
    [$flavor, $field] = explode("\t", $line);
    $data = [];
    $count = [];
    foreach ($field === '' ? [] : explode(',', $field) as $item) {
        [$k, $v] = explode(':', $item);
        $k = hex2bin($k);
        $v = hex2bin($v);
        $n = $count[$k] ?? 0;
        if ($n === 0) {
            $data[$k] = $v;
        } elseif ($n === 1) {
            $data[$k] = [$data[$k], $v];
        } else {
            $data[$k][] = $v;
        }
        $count[$k] = $n + 1;
    }
    $out[] = $flavor === 'php.http_build_query.rfc3986'
        ? http_build_query($data, '', '&', PHP_QUERY_RFC3986)
        : http_build_query($data);
}
echo implode('', array_map(fn ($q) => $q . "\n", $out));
