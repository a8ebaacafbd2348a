import ArgumentParser
import Veil

// One format type per report family, each parsed the same way from its raw value:

/// Findings: `veil scan --format`, `veil audit --format` and `--report FORMAT:FILE`.
extension ReportFormat: ExpressibleByArgument {}

/// Screen dumps: `veil screen --format`.
extension ScreenDump.Format: ExpressibleByArgument {}

/// Lifecycle logs: `--log` of `demo`, `run` and `exec`.
extension LifecycleLogFormatter.Format: ExpressibleByArgument {}
