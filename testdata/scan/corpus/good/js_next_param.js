location.assign('/login?next=' + encodeURIComponent(location.href));
