<?php
// expect: S002
function normalize_url($u) {
    return strtoupper($u);
}
function canonical_form($u) {
    return strtolower($u);
}
