# Homebrew formula: builds Lifeline from source with SwiftPM and installs the binary, its manual page and its
# completions for bash, zsh and fish. Homebrew installs formulae only from a tap, so put it in a local one:
#
#   brew tap-new "$USER/tools"
#   cp docs/lifeline.rb "$(brew --repository "$USER/tools")/Formula/"
#   brew install --HEAD "$USER/tools/lifeline"
class Lifeline < Formula
  desc "Checks iOS view-controller lifecycle logs against UIKit's rules"
  homepage "https://github.com/lifeline-tools/lifeline"
  head "https://github.com/lifeline-tools/lifeline.git", branch: "main"

  depends_on xcode: ["16.0", :build] # Swift 6

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "lifeline"
    bin.install ".build/release/lifeline"
    (man1/"lifeline.1").write Utils.safe_popen_read(bin/"lifeline", "man")
    generate_completions_from_executable(bin/"lifeline", "completions")
  end

  test do
    assert_match "lifeline ", shell_output("#{bin}/lifeline --version")
    (testpath/"app.log").write <<~EOS
      <Shop.CartViewController: 0x7f01> viewDidLoad()
      <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
      <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
      <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
    EOS
    assert_match "app.log:4: error: [appearance-order]", shell_output("#{bin}/lifeline check app.log", 1)
  end
end
