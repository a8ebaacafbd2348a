# Homebrew formula for veil: builds it from source on macOS with Homebrew's libraries.
#
# This repository is its own tap; the formula builds the tagged release from the tap's clone,
# so it names no host:
#
#   brew tap veil/veil URL-OF-THIS-REPOSITORY
#   brew install veil/veil/veil
#
# At each release, bump `tag:` and `version` below (the release workflow refuses a tag that
# this formula does not install; Docs/install.md, "Making a release").
class Veil < Formula
  desc "Redacted snapshots of terminal screens, and a CI audit for secrets they would show"
  url File.expand_path("..", __dir__), using: :git, tag: "v0.1.0"
  version "0.1.0"
  head File.expand_path("..", __dir__), using: :git, branch: "main"

  # Swift 6 (Xcode 16), and macOS 15 for the standard library's Mutex.
  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build
  # libyaml's header (the code is the copy Yams compiles into veil).
  depends_on "libyaml" => :build
  depends_on macos: :sequoia
  # Linked: every PNG goes through libpng.
  depends_on "libpng"
  # Opened the first time a PNG is written, to compress its image data; without it zlib does
  # (PNGs 1-3 % larger and slower to make, same pixels).
  depends_on "libdeflate" => :recommended
  # Opened only when a format needs them (GIF, WebP, JPEG, OCR of images in veil audit);
  # veil runs without them and names the one it misses.
  depends_on "giflib" => :recommended
  depends_on "jpeg-turbo" => :recommended
  depends_on "tesseract" => :recommended
  depends_on "webp" => :recommended

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "veil"
    bin.install ".build/release/veil"
    # The font, built-in rules and demo, where veil looks for them from its own path
    # (BIN/../share/veil, links resolved).
    (share/"veil").install "Resources/Fonts", "Resources/Rules", "Resources/Demo"
    man1.install "Docs/man/veil.1"
    generate_completions_from_executable(bin/"veil", "completions")
  end

  test do
    assert_equal version.to_s, shell_output("#{bin}/veil --version").strip
    system bin/"veil", "demo", "--out", testpath/"demo"
    assert_predicate testpath/"demo", :directory?
    refute_empty Dir["#{testpath}/demo/*.png"]
    (testpath/"card.txt").write "card 4111 1111 1111 1111\r\n"
    system bin/"veil", "snap", testpath/"card.txt", "-o", testpath/"card.png"
    assert_equal "\x89PNG".b, File.binread(testpath/"card.png", 4)
    assert_match "card", shell_output("#{bin}/veil scan #{testpath}/card.txt", 1)
  end
end
