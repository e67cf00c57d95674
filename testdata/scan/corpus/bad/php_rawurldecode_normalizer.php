<?php
// expect: S003
function normalize_url($u) {
    return rawurldecode($u);
}
