<?php
for ($page = 1; $page < 5; $page++) {
    file_get_contents($api_base . '/posts?page=' . $page);
}
