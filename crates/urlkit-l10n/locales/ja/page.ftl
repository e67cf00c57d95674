# ページの日本語のテキスト（crates/urlkit-web/assets/index.html と app.js が ID で配置します）。
# 引数を取るメッセージはありません：変わる値はラベルの横に表示します。

-urlkit = urlkit

page-title = { -urlkit }
tagline = URL のパーセントエンコード、比較、修復。{ -urlkit } コマンドと同じライブラリーで計算します。このマシンの外には何も送りません。
tagline-site = URL のパーセントエンコード、比較、修復。{ -urlkit } コマンドと同じライブラリーを、このブラウザーの中（WebAssembly）で動かします。このページの外には何も送りません。
panels =
    .aria-label = パネル
language = 言語

tab-encode = エンコード
tab-decode = デコード
tab-compare = 比較
tab-lint = Lint
tab-build = 組み立て
tab-reconcile = 突き合わせ
tab-cd = Content-Disposition
tab-base64 = Base64
tab-scan = コード検査

copy = コピー
    .title = この出力をコピー
copied = コピーしました
error = エラー

## Encode
enc-heading = エンコード
enc-text = テキスト
enc-hint = 各言語のエンコーダーを並べて表示します（urlkit table）。強調表示：RFC 3986 と違う書き方。
enc-explain-heading = 1 文字ずつ（urlkit explain）
enc-explain-hint = ·はそのまま、%XX はその UTF-8 のバイト、+ は「+」と書かれることを表します。
enc-warning-already-encoded = すでにパーセントエンコードされています。もう一度エンコードすると % が %25 になります（二重エンコード）。エスケープが表す文字は「デコード」パネルで、URL の各部分を一度だけエンコードするには「組み立て」パネルを使ってください。
enc-warning-whole-url = これは部品ではなく URL 全体です。エンコードすると区切り文字（: / ? = …）までエンコードされ、URL ではなくなります。各部分を一度だけエンコードするには「組み立て」パネル、URL の別の書き方は「比較」パネルを使ってください。
enc-warning-at = 最初の位置（バイト）
col-flavor = 方式
col-output = 出力
col-differs = RFC 3986 との違い
same-as-rfc3986 = = rfc3986 と同じ
space = 空白
col-char = 文字
col-code = コード
col-utf8 = UTF-8

## Decode
dec-heading = デコード
dec-text = パーセントエンコードされたテキストまたは URL
dec-convert-heading = すべての読み方（urlkit convert）
dec-convert-hint = + は妥当な読み方：文字列が変わり、UTF-8 として読め、表示でき、元に戻せ、エスケープを二重にしない。
dec-repair-heading = 旧来の文字コードと文字化けの修復（urlkit repair）
mode-strict = 厳格（strict）
mode-lenient = 寛容（lenient）
mode-form = フォーム（form）
repair-needs-url = repair は URL を読みます：
verdict = 判定：
repaired = 修復後：
col-charset = 文字コード
col-score = 点数
col-kept = 採用
col-reading = 読み
col-evidence = 根拠
yes = はい
no = いいえ
repair-verdict-repaired = 修復しました：読み方が 1 つに絞れました
repair-verdict-unchanged = 変更なし：修復するものはありません
repair-verdict-ambiguous = あいまい：読み方が複数残ったため、何も変更していません
repair-verdict-none = どの文字コードでも読めないバイトのため、何も変更していません

## Compare
cmp-heading = 比較
cmp-a = URL A
cmp-b = URL B
level = レベル
cmp-parse-heading = RFC 3986 とブラウザーでの見え方（urlkit parse）
cmp-equal = 選んだレベルで等しい
cmp-different = 選んだレベルでは異なる
cmp-lowest = 等しくなる最も低いレベル：
cmp-lowest-none = なし
ladder =
    .aria-label = レベルごとの判定
ladder-equal = 等しい
ladder-different = 異なる
browser = ブラウザー
browser-same = 同じ
browser-different = 異なる
browser-rejects = 一方を拒否
cmp-rules = 等しいとみなした規則：
cmp-difference = 本当に違う最初の箇所（コンポーネント）：
cmp-report = レポート（urlkit compare の出力）
rfc3986 = RFC 3986
rfc-rejects = RFC 3986 では不正：
browser-rejects-it = ブラウザーでは不正：
component-scheme = スキーム
component-userinfo = ユーザー情報
component-host = ホスト
component-port = ポート
component-path = パス
component-query = クエリ
component-fragment = フラグメント

## Lint
lint-heading = Lint
lint-text = URL（1 行に 1 つ）
lint-none-yet = まだ URL がありません
lint-no-findings = 指摘なし
lint-fix = 安全な修正を適用
lint-bytes = バイト位置
lint-rule-doc = ルール
family-correctness = 正しさ
family-interoperability = 相互運用性
family-style = スタイル
family-security = セキュリティ
severity-error = エラー
severity-warning = 警告
severity-note = 注記
doc-list-scope = 入力リスト全体を見ます。
doc-aliases = 別名（WHATWG の検証エラー）：
doc-what = 何をするか
doc-why = なぜ問題か
doc-example = 例
doc-use-instead = 代わりに
doc-fix-safety = 修正の安全性
doc-references = 参考資料

## Build and round trip
bld-heading = 組み立てと往復
bld-base = スキームとホスト（または追加先の URL）
bld-segments = パスセグメント（1 行に 1 つ、エンコード前）
bld-params = クエリパラメーター（1 行に key=value、エンコード前）
bld-fragment = フラグメント
bld-style = クエリの書き方（フォーム形式、RFC 3986、またはほかの言語のビルダー）
bld-set = 設定するパラメーター（1 行に key=value。同名の最初のものに値を入れ、後のものは消します）
bld-remove = 削除するパラメーター（1 行に 1 つの名前）
bld-rewrite = ブラウザーの url.searchParams.set() ならクエリ全体をこう書き直します:
bld-qr =
    .aria-label = URI の QR コード
rt-heading = エンコーダー × デコーダー（urlkit roundtrip）
rt-values = 値（1 行に 1 つ、最大 8 つ）
rt-none-yet = まだ値がありません
rt-corner = エンコーダー \ デコーダー
rt-legend = 凡例：
rt-exact = ✓ すべての値が元どおりに戻る
rt-lossy = ✗n：n 個の値が違う形で戻る（またはデコーダーが失敗する）。詳細は表の下に一覧します
rt-all-back = すべての値が元どおりに戻ります
rt-fails = （失敗）

## Reconcile
rec-heading = 突き合わせ
rec-hint = 2 つのリストを貼り付けるかドロップしてください：テキスト（1 行に 1 URL）、CSV、サイトマップ XML、WordPress REST の JSON。ファイルはサーバーではなく、このページが読みます。
rec-left = 左（あなたのリスト）
rec-right = 右（サイト）
rec-file = またはファイルを選ぶ
rec-csv = CSV をダウンロード
rec-md = Markdown をダウンロード
rec-paste-both = 両方のリストを貼り付けてください
rec-side-left = 左
rec-side-right = 右
rec-matched = 一致
rec-missing = 欠落（左のリストにだけある）
rec-extra = 余分（右のリストにだけある）
rec-records = 件の URL
rec-told-name = ファイル名から判断
rec-told-content = 内容から判断
rec-format-csv = CSV
rec-format-tsv = TSV
rec-format-text = テキスト（1 行に 1 URL）
rec-format-sitemap = サイトマップ XML
rec-format-wp = WordPress REST の JSON
rec-format-json = JSON
rec-col-status = 状態
rec-col-url = URL
rec-col-title = タイトル
rec-col-type = 種類
rec-col-source = 場所
rec-status-missing = 欠落
rec-status-extra = 余分
rec-all-matched = どちらのリストの URL も、もう一方に対応する URL があります。
rec-from-file = ファイルから
rec-line = 行
rec-finding-whitespace-removed = URL の前後の空白を取り除きました
rec-finding-whitespace-removed-count = URL の前後の空白を取り除きました
rec-finding-bom-removed = バイトオーダーマークを取り除きました
rec-finding-text-not-a-url = URL ではないため比較しません
rec-finding-text-not-urls = これらの行は URL ではないため比較しません
rec-finding-text-invalid-utf8 = UTF-8 ではないため比較しません
rec-finding-list-not-a-url = URL ではないため比較しません
rec-finding-csv-column-chosen = URL の列は見出しまたはセルの内容から選びました
rec-finding-csv-empty-cell = URL のセルが空のため比較しません
rec-finding-csv-invalid-utf8 = UTF-8 ではないセルのため比較しません
rec-finding-sitemap-index-fetches = サイトマップインデックス：ここでは、その中のサイトマップは読みません
rec-finding-other = 読み取り時の注記
rec-error-empty = このリストには URL がありません
rec-error-unreadable = このリストを読めません
rec-not-utf8 = このファイルは UTF-8 のテキストではありません。UTF-8 で保存してから選び直してください

## Content-Disposition and Base64
cd-heading = Content-Disposition
cd-text = ファイル名、または読み取るヘッダーの値
cd-mode = モード
cd-attachment = 組み立て：attachment
cd-inline = 組み立て：inline
cd-parse = ヘッダーの値を読む
cd-fallback-name = ASCII の代替ファイル名（任意、ISO-8859-1）
cd-disposition = disposition
cd-charset = 文字コード
cd-fallback = 代替名
b64-heading = Base64 と base64url
b64-text = テキスト
b64-way = 方向
b64-encode = エンコード
b64-decode = デコード
b64-alphabet = アルファベット
b64-standard = 標準（RFC 4648 §4）
b64-url = base64url（RFC 4648 §5）
b64-reading = デコード
b64-lenient = 寛容：どちらのアルファベットも可、パディング省略可、空白は無視
b64-strict = 厳密（RFC 4648）

## Footer
footer = 結果を共有：ページのアドレスに、パネルの入力と言語が入っています。
permalink = パーマリンク
loading = モジュールを読み込んでいます…

scan-heading = ソースコードの URL の扱いを検査
scan-language = 言語
scan-code = ソースコード（貼り付けたコードはこの端末の外に送られません）
scan-none-yet = コードがまだありません
scan-no-findings = 指摘はありません
scan-evidence = 根拠:
