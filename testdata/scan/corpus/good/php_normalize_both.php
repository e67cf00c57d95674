<?php
if (normalize_url($post['link']) === normalize_url($local_url)) {
    echo 'same';
}
