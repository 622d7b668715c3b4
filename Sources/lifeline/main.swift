import Foundation
import LifelineCLI

exit(Lifeline.main(CommandLine.arguments))
