# Differential harness: runs one URI::Escape function over hex lines (bytes) on stdin.
# uri_escape_utf8 gets text: the bytes decoded as UTF-8 when they are UTF-8, else left as
# Latin-1 characters (what Perl does with an undecoded byte string).
use strict;
use warnings;
use URI::Escape qw(uri_escape_utf8 uri_unescape);

my $name = shift @ARGV;
local $/;
my @lines = split /\n/, <STDIN>, -1;
pop @lines;
my @out;
for my $line (@lines) {
    my $s = pack('H*', $line);
    my $r;
    if ($name eq 'perl.uri_escape_utf8') {
        utf8::decode($s);
        $r = uri_escape_utf8($s);
    } else {
        $r = uri_unescape($s);
    }
    push @out, "ok\t" . unpack('H*', $r);
}
print join("\n", @out), "\n";
