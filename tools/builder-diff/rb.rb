# Builder harness (Ruby): URI.encode_www_form over the cases on stdin (`flavor TAB pairs`).
require 'uri'

out = $stdin.read.split("\n", -1)[0...-1].map do |line|
  field = line.split("\t", -1)[1]
  pairs = field.empty? ? [] : field.split(',').map do |item|
    item.split(':', -1).map { |h| [h].pack('H*').force_encoding(Encoding::UTF_8) }
  end
  URI.encode_www_form(pairs) + "\n"
end
$stdout.write(out.join)
