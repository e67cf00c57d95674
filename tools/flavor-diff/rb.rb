# Differential harness: runs one Ruby function over hex lines (bytes, tagged UTF-8) on stdin.
# Output: "ok\t<hex of the result bytes>".
require 'cgi'
require 'erb'
require 'uri'

fns = {
  'ruby.CGI.escape' => ->(s) { CGI.escape(s) },
  'ruby.CGI.unescape' => ->(s) { CGI.unescape(s) },
  'ruby.URI.encode_www_form_component' => ->(s) { URI.encode_www_form_component(s) },
  'ruby.ERB::Util.url_encode' => ->(s) { ERB::Util.url_encode(s) },
}
fn = fns.fetch(ARGV[0])
out = $stdin.read.split("\n", -1)[0...-1].map do |line|
  s = [line].pack('H*').force_encoding(Encoding::UTF_8)
  "ok\t" + fn.call(s).unpack1('H*')
end
$stdout.write(out.join("\n") + "\n")
