import Foundation
import Testing

/// The full `--help` text of every command, at 80 columns (as swift-argument-parser's own
/// example tests do): a change to any help screen shows up here, to be reviewed.
@Suite struct HelpScreenTests {
    static func help(_ command: [String]) throws -> String {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(command + ["--help"], in: work, environment: ["COLUMNS": "80"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        return result.stdout
    }

    static func expectHelp(_ command: [String], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let actual = try help(command)
        guard actual != expected else { return }
        let lines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let first =
            (0..<min(lines.count, wanted.count)).first { lines[$0] != wanted[$0] } ?? min(lines.count, wanted.count)
        Issue.record(
            """
            veil \(command.joined(separator: " ")) --help differs from line \(first + 1):
            got:      \(first < lines.count ? String(lines[first]) : "<end>")
            expected: \(first < wanted.count ? String(wanted[first]) : "<end>")
            --- full text
            \(actual)
            """, sourceLocation: sourceLocation)
    }

    @Test func veil() throws {
        try Self.expectHelp(
            [],
            """
            OVERVIEW: Redacted app-switcher snapshots of a simulated app's terminal screen.

            Exit codes: 0 ok; 1 what should fail a build: a block finding (scan, audit), a
            life-cycle violation (run, audit), a failing rule example (rules lint); 2 a
            usage, configuration, input or write error. Each command's --help says which it
            uses. Without a command, veil prints this help and exits 2.

            USAGE: veil <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              demo                    Run the bundled demo app (launch, a call, home, lock)
                                      and write its redacted snapshots.
              snap                    Turn terminal bytes (a file, - for stdin, or an
                                      asciicast .cast) into a redacted PNG snapshot.
              record                  Run a command in a pseudo-terminal and record it as
                                      an asciicast v2 (.cast), or as a redacted GIF, WebP
                                      or SVG.
              shell                   Run a shell (or a command) in a terminal whose
                                      sensitive values never reach the screen.
              run                     Simulate an app session from a scenario file:
                                      lifecycle log and redacted snapshots.
              exec                    Run a program in a pseudo-terminal as the app:
                                      lifecycle log and redacted snapshots of its screen.
              scan                    Show every sensitive value the terminal bytes in
                                      INPUT ever put on screen, when, and why.
              screen                  Print the screen an xterm would show after the
                                      terminal bytes in INPUT.
              rules                   List, show or lint the redaction rules.
              audit                   Audit scenarios and terminal captures: fail when a
                                      snapshot would leak a secret.
              redact                  Write a recording (.cast), capture (.ans), GIF, WebP
                                      or SVG that shows the same screens with every exposed
                                      value hidden.
              completions             Print the completion script for bash, zsh or fish.

              See 'veil help <subcommand>' for detailed help.

            """)
    }

    @Test func veilDemo() throws {
        try Self.expectHelp(
            ["demo"],
            """
            OVERVIEW: Run the bundled demo app (launch, a call, home, lock) and write its
            redacted snapshots.

            The demo app forgets to hide most of what it shows; Veil hides it anyway and
            the log lists each exposure as a violation. Exit codes: 0 the demo ran (its
            violations are the point of it); 2 a snapshot could not be written (one error
            naming the file; the snapshots already written are removed).

            USAGE: veil demo [--out <out>] [--log <log>] [--config <file>] [--verbose] [--style <style>] [--scale <scale>] [--theme <theme>] [--file-mode <mode>]

            OPTIONS:
              --out <out>             Folder for the snapshots (default: veil-out;
                                      veil-demo for demo).
              --log <log>             How to print the lifecycle log. (values: text, json;
                                      default: text)
              --config <file>         Rules file (default: the nearest .veil.yml from the
                                      input's folder up to the current folder, else the
                                      built-in rules).
              -v, --verbose           Say on standard error which rules file applied.
              --style <style>         How hidden cells look. (values: solid, mask,
                                      placeholder; default: solid)
              --scale <scale>         Pixel scale of the PNG. (values: 1, 2, 3; default: 1)
              --theme <theme>         Colour theme. (values: dark, light, xterm; default:
                                      dark)
              --file-mode <mode>      Permissions of the files written, in octal: 600 lets
                                      only you read them, 644 everyone. (default: 600)
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func veilSnap() throws {
        try Self.expectHelp(
            ["snap"],
            """
            OVERVIEW: Turn terminal bytes (a file, - for stdin, or an asciicast .cast) into
            a redacted PNG snapshot.

            With -- COMMAND, veil runs the command in a pseudo-terminal
            (TERM=xterm-256color, --cols×--rows, 80×24 by default) and snapshots its screen
            when it exits, or with --idle once its output has been quiet that long: the
            same redacted PNG as for a file. A command still running at --timeout is
            stopped and nothing is written (exit 2); so is one that does not exist.

            The screen is 80×24 unless the capture tells its size: a recording's header,
            the widest line (up to 300 columns), cursor addressing below row 24. Content
            still outside the screen (lines scrolled off its top) is reported on standard
            error. --cols and --rows always win.

            Exit codes: 0 the PNG was written (whatever was found is hidden: findings never
            fail snap; `veil scan` and `veil audit` fail on them); 2 a usage,
            configuration, input or write error (nothing is written).

            USAGE: veil snap <input> [<options>]
                   veil snap [<options>] -- <command> [<argument> ...]

            ARGUMENTS:
              <input>                 Terminal bytes: a file, - for standard input, or an
                                      asciicast recording (.cast). A binary file (a NUL
                                      byte in the first 8,000 bytes) is refused (exit 2).
              <command>               After --: a command and its arguments to run in a
                                      pseudo-terminal.

            OPTIONS:
              --at <at>               For a .cast recording: the moment to show, in seconds
                                      (default: its end).
              --raw                   Feed the bytes exactly as a pty master read them. By
                                      default a file or standard input is shown as a cooked
                                      terminal shows it: LF starts a new line (CR LF), as
                                      the line discipline's ONLCR does. Recordings (.cast)
                                      are always raw.
              --cols <cols>           Columns of the terminal screen, 1–1000 (default: the
                                      input's own: a .cast recording's, a scenario's
                                      screen.size, for record the terminal veil runs in;
                                      else 80, or a capture's widest line up to 300).
              --rows <rows>           Rows of the terminal screen, 1–1000 (default: the
                                      input's own: a .cast recording's, a scenario's
                                      screen.size, for record the terminal veil runs in;
                                      else 24, or the lowest row a capture's cursor
                                      addressing draws on).
              --idle <idle>           With -- COMMAND: snapshot once the output has been
                                      quiet this long (500ms, 2s) instead of at exit.
              --timeout <timeout>     With -- COMMAND: stop a command still running after
                                      this long; nothing is written (default: 30s).
              -o, --output <output>   The PNG to write, - for standard output (default:
                                      INPUT's name with .png; snapshot.png for stdin or a
                                      command).
              --config <file>         Rules file (default: the nearest .veil.yml from the
                                      input's folder up to the current folder, else the
                                      built-in rules).
              -v, --verbose           Say on standard error which rules file applied.
              --style <style>         How hidden cells look. (values: solid, mask,
                                      placeholder; default: solid)
              --scale <scale>         Pixel scale of the PNG. (values: 1, 2, 3; default: 1)
              --theme <theme>         Colour theme. (values: dark, light, xterm; default:
                                      dark)
              --file-mode <mode>      Permissions of the files written, in octal: 600 lets
                                      only you read them, 644 everyone. (default: 600)
              --frames <frames>       For a .cast recording: write the redacted PNG of
                                      chosen frames into this folder instead.
              --every <every>         With --frames: a frame every this many seconds (1,
                                      0.5s, 2s); default: the frames where findings first
                                      appear.
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func veilRun() throws {
        try Self.expectHelp(
            ["run"],
            """
            OVERVIEW: Simulate an app session from a scenario file: lifecycle log and
            redacted snapshots.

            Exit codes: 0 no violation; 1 the log holds a violation (a snapshot that would
            show an unhidden block finding, a missed deadline, a leaked background task) or
            a watchdog termination; 2 a bad scenario or rules file, or a snapshot that
            could not be written (the run stops, with one error naming the file, and
            removes the snapshots it wrote).

            USAGE: veil run <scenario> [--out <out>] [--log <log>] [--real-time] [--config <file>] [--verbose] [--root <root>] [--allow-outside-root] [--style <style>] [--scale <scale>] [--theme <theme>] [--file-mode <mode>]

            ARGUMENTS:
              <scenario>              The scenario file (YAML).

            OPTIONS:
              --out <out>             Folder for the snapshots (default: veil-out;
                                      veil-demo for demo).
              --log <log>             How to print the lifecycle log. (values: text, json;
                                      default: text)
              --real-time             Run on the real clock instead of the virtual one.
              --config <file>         Rules file (default: the nearest .veil.yml from the
                                      input's folder up to the current folder, else the
                                      built-in rules).
              -v, --verbose           Say on standard error which rules file applied.
              --root <root>           Folder the files the scenario names must lie inside
                                      (default: the scenario's folder).
              --allow-outside-root    Let scenarios read files outside their root (absolute
                                      paths, '..', symbolic links out). Risky on untrusted
                                      input: a scenario could then put any file the process
                                      can read (e.g. /proc/self/environ, ~/.ssh) into a
                                      snapshot or a report. See SECURITY.md.
              --style <style>         How hidden cells look. (values: solid, mask,
                                      placeholder; default: solid)
              --scale <scale>         Pixel scale of the PNG. (values: 1, 2, 3; default: 1)
              --theme <theme>         Colour theme. (values: dark, light, xterm; default:
                                      dark)
              --file-mode <mode>      Permissions of the files written, in octal: 600 lets
                                      only you read them, 644 everyone. (default: 600)
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func veilScan() throws {
        try Self.expectHelp(
            ["scan"],
            """
            OVERVIEW: Show every sensitive value the terminal bytes in INPUT ever put on
            screen, when, and why.

            A capture is judged at every moment it showed (every frame of a recording; for
            raw bytes, anything complete on screen before it was erased, overwritten or
            scrolled away, and the final screen); --at TIME judges one moment of a
            recording. Secrets are always masked; --show-last reveals at most 4 characters
            of each, and never more than a quarter of it. A value shown at several places
            is one finding with its count of places (JSON lists them all). --verbose also
            says which rules file applied, lists every place of each value, and lists the
            values an allowlist let through on the final screen (such as AWS's
            documentation key AKIA…EXAMPLE) and the placeholders left visible ($(command),
            ${VAR}, <your-token>, changeme), masked, with the reason.

            Exit codes (as `gitleaks detect`): 0 no block finding (warnings only, cells the
            app marked itself, or nothing); 1 a block finding the app did not mark (unless
            --exit-zero); 2 a usage, configuration or input error.

            USAGE: veil scan <input> [--at <at>] [--raw] [--cols <cols>] [--rows <rows>] [--format <format>] [--text] [--config <file>] [--show-last <show-last>] [--group-above <n>] [--exit-zero] [--verbose]

            ARGUMENTS:
              <input>                 Terminal bytes: a file, - for standard input, or an
                                      asciicast recording (.cast). A binary file (a NUL
                                      byte in the first 8,000 bytes) is refused (exit 2).

            OPTIONS:
              --at <at>               For a .cast recording: the moment to show, in seconds
                                      (default: its end).
              --raw                   Feed the bytes exactly as a pty master read them. By
                                      default a file or standard input is shown as a cooked
                                      terminal shows it: LF starts a new line (CR LF), as
                                      the line discipline's ONLCR does. Recordings (.cast)
                                      are always raw.
              --cols <cols>           Columns of the terminal screen, 1–1000 (default: the
                                      input's own: a .cast recording's, a scenario's
                                      screen.size, for record the terminal veil runs in;
                                      else 80, or a capture's widest line up to 300).
              --rows <rows>           Rows of the terminal screen, 1–1000 (default: the
                                      input's own: a .cast recording's, a scenario's
                                      screen.size, for record the terminal veil runs in;
                                      else 24, or the lowest row a capture's cursor
                                      addressing draws on).
              --format <format>       Output format: text or json; sarif with --text (the
                                      others are veil audit's). (values: text, json, sarif,
                                      junit, html, markdown; default: text)
              --text                  Read INPUT as plain text (logs, config files, CI
                                      output): no screen, file:line:column positions, exit
                                      1 on block findings.
              --config <file>         Rules file (default: the nearest .veil.yml from the
                                      input's folder up to the current folder, else the
                                      built-in rules).
              --show-last <show-last> Show the last N characters of each finding (at most
                                      4, and at most a quarter of it). (default: 0)
              --group-above <n>       Report the values of a rule as one group (a flood:
                                      one text line and one SARIF result with the count,
                                      the first and last place and a sample) when an input
                                      shows more than N of them; 0 lists every value.
                                      (default: 50)
              --exit-zero             Exit 0 even when a block finding is found (errors
                                      still exit 2).
              -v, --verbose           Say which rules file applied; list every place of
                                      each value, and the allowlisted candidates and
                                      placeholders, masked, with the reason.
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func veilScreen() throws {
        try Self.expectHelp(
            ["screen"],
            """
            OVERVIEW: Print the screen an xterm would show after the terminal bytes in
            INPUT.

            --actions prints instead what the parser made of the bytes, one action per line
            (print, execute, csi_dispatch, esc_dispatch, osc_dispatch, hook, put, unhook;
            the format is in Docs/sequences.md): the first thing to look at when a screen
            differs from xterm's. Exit codes: 0 printed; 2 a usage or input error.

            USAGE: veil screen <input> [--at <at>] [--raw] [--cols <cols>] [--rows <rows>] [--format <format>] [--actions]

            ARGUMENTS:
              <input>                 Terminal bytes: a file, - for standard input, or an
                                      asciicast recording (.cast). A binary file (a NUL
                                      byte in the first 8,000 bytes) is refused (exit 2).

            OPTIONS:
              --at <at>               For a .cast recording: the moment to show, in seconds
                                      (default: its end).
              --raw                   Feed the bytes exactly as a pty master read them. By
                                      default a file or standard input is shown as a cooked
                                      terminal shows it: LF starts a new line (CR LF), as
                                      the line discipline's ONLCR does. Recordings (.cast)
                                      are always raw.
              --cols <cols>           Columns of the terminal screen, 1–1000 (default: the
                                      input's own: a .cast recording's, a scenario's
                                      screen.size, for record the terminal veil runs in;
                                      else 80, or a capture's widest line up to 300).
              --rows <rows>           Rows of the terminal screen, 1–1000 (default: the
                                      input's own: a .cast recording's, a scenario's
                                      screen.size, for record the terminal veil runs in;
                                      else 24, or the lowest row a capture's cursor
                                      addressing draws on).
              --format <format>       Output format. (values: text, json; default: text)
              --actions               Print the parser's actions for INPUT's bytes instead
                                      of the screen.
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func veilRules() throws {
        try Self.expectHelp(
            ["rules"],
            """
            OVERVIEW: List, show or lint the redaction rules.

            Exit codes: 0 ok; 1 `lint` found an example that misbehaves; 2 an invalid rules
            file or an unknown rule.

            USAGE: veil rules <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              list                    List every rule and region with its category and
                                      severity.
              show                    Show one rule in full, with its examples.
              lint                    Check every rule's examples and negative examples.

              See 'veil help rules <subcommand>' for detailed help.

            """)
    }

    @Test func veilRulesList() throws {
        try Self.expectHelp(
            ["rules", "list"],
            """
            OVERVIEW: List every rule and region with its category and severity.

            USAGE: veil rules list [--config <file>] [--verbose]

            OPTIONS:
              --config <file>         Rules file (default: the nearest .veil.yml from the
                                      input's folder up to the current folder, else the
                                      built-in rules).
              -v, --verbose           Say on standard error which rules file applied.
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func veilRulesShow() throws {
        try Self.expectHelp(
            ["rules", "show"],
            """
            OVERVIEW: Show one rule in full, with its examples.

            USAGE: veil rules show <id> [--config <file>] [--verbose]

            ARGUMENTS:
              <id>                    The id of a rule or region, as 'veil rules list'
                                      shows it, e.g. card.pan.

            OPTIONS:
              --config <file>         Rules file (default: the nearest .veil.yml from the
                                      input's folder up to the current folder, else the
                                      built-in rules).
              -v, --verbose           Say on standard error which rules file applied.
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func veilRulesLint() throws {
        try Self.expectHelp(
            ["rules", "lint"],
            """
            OVERVIEW: Check every rule's examples and negative examples.

            Exit codes: 0 all pass, 1 an example misbehaves, 2 the rules file is invalid.

            USAGE: veil rules lint [--config <file>] [--verbose]

            OPTIONS:
              --config <file>         Rules file (default: the nearest .veil.yml from the
                                      input's folder up to the current folder, else the
                                      built-in rules).
              -v, --verbose           Say on standard error which rules file applied.
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func veilAudit() throws {
        try Self.expectHelp(
            ["audit"],
            """
            OVERVIEW: Audit scenarios and terminal captures: fail when a snapshot would
            leak a secret.

            PATH is a file or a folder. Folders are searched recursively (hidden folders
            and .build skipped, and the paths the folder's .veilignore or an --exclude GLOB
            matches, in gitignore syntax; symbolic links to folders not followed; --verbose
            lists every skip) for scenarios (*.veil.yml), captures (*.ans, *.cast), SVG
            captures (*.svg) and VHS tapes (*.tape); the screens a scenario shows are
            audited with it, not again as captures. A capture's header fields, typed input,
            markers and escape-sequence strings (titles, working directory, hyperlinks,
            clipboard) are judged too, and a tape's typed lines, Env and Set values. A file
            given by name is a scenario when it ends in .yml or .yaml, a tape when it ends
            in .tape, an SVG when it ends in .svg, else a capture, and is audited even when
            a pattern matches it. A 'veil:allow RULE' comment on a scenario's step, or a
            'veil:allow RULE' marker event in a .cast, allows that finding there (reported
            as allowed). Every file a scenario names must lie inside the audited folder (no
            absolute paths, no '..' or symbolic links out of it, regular files only) unless
            --allow-outside-root. Secrets are masked in every format unless --show-secrets.
            Exit codes: 0 clean or warnings only; 1 a block finding not in the baseline, or
            a life-cycle violation; 2 an input, configuration or usage error (the other
            inputs are still audited and reported).

            Fingerprints in reports are keyed (HMAC) with the baseline's salt; without a
            baseline, with the UTF-8 bytes of the environment variable
            VEIL_FINGERPRINT_SALT (a CI secret of at least 16 bytes; an empty value counts
            as unset); else with a random salt per run, so they change between runs.
            Reports say which.

            USAGE: veil audit [<options>] <paths> ...

            ARGUMENTS:
              <paths>                 Scenario files, capture files and folders.

            OPTIONS:
              --format <format>       Output format. (values: text, json, sarif, junit,
                                      html, markdown; default: text)
              -o, --output <output>   Write the report to FILE (atomically; - is standard
                                      output) instead of standard output.
              --report <FORMAT:FILE>  Also write the report in FORMAT to FILE (repeatable),
                                      beside --format's: e.g. --report
                                      html:veil-report.html for people, --report
                                      markdown:summary.md for a GitHub job summary.
              --baseline <baseline>   Baseline of reviewed findings to subtract (JSON).
              --update-baseline       Rewrite --baseline from the current findings, keeping
                                      reviewed statuses and reasons.
              --review                Decide on a terminal, one by one, about each finding
                                      not in --baseline (accept, real leak, skip, quit);
                                      accepted ones are written to the baseline.
              --group-above <n>       Report the values of a rule as one group (a flood:
                                      one text line and one SARIF result with the count,
                                      the first and last place and a sample) when an input
                                      shows more than N of them; 0 lists every value.
                                      (default: 50)
              --jobs <jobs>           Inputs audited in parallel (default: the number of
                                      active cores).
              --shard <shard>         Audit only part K of N of the inputs (K is 1-based),
                                      e.g. 2/3.
              --show-secrets          Show raw values in findings (local use only; never in
                                      CI).
              --no-timing             Leave durations out, so reports of the same inputs
                                      are byte-identical.
              --raw                   Feed captures (not .cast recordings, which are always
                                      raw) exactly as a pty master read them, instead of as
                                      a cooked terminal shows them (LF as CR LF).
              --cols <cols>           Columns of the terminal screen, 1–1000 (default: the
                                      input's own: a .cast recording's, a scenario's
                                      screen.size, for record the terminal veil runs in;
                                      else 80, or a capture's widest line up to 300).
              --rows <rows>           Rows of the terminal screen, 1–1000 (default: the
                                      input's own: a .cast recording's, a scenario's
                                      screen.size, for record the terminal veil runs in;
                                      else 24, or the lowest row a capture's cursor
                                      addressing draws on).
              --config <file>         Rules file (default: the nearest .veil.yml from the
                                      input's folder up to the current folder, else the
                                      built-in rules).
              --allow-outside-root    Let scenarios read files outside their root (absolute
                                      paths, '..', symbolic links out). Risky on untrusted
                                      input: a scenario could then put any file the process
                                      can read (e.g. /proc/self/environ, ~/.ssh) into a
                                      snapshot or a report. See SECURITY.md.
              --exclude <GLOB>        Leave out of folder searches the paths matching GLOB
                                      (gitignore syntax, relative to the folder;
                                      repeatable).
              --allow-exec            Run the programs that scenarios name (screen.exec);
                                      without it such a scenario is an error.
              --ignore-allow-markers  Let no veil:allow marker in an input allow a finding.
              --verbose               Also say on standard error which rules files applied,
                                      and what the folder search skipped and why.
              --pinned-rules <file>   A rules file the workflow vouches for (repeatable): a
                                      rules file of the audited tree with the same content
                                      may turn rules off, allow broadly or stop scanning
                                      the title without a finding.
              --file-mode <mode>      Permissions of the files written, in octal: 600 lets
                                      only you read them, 644 everyone. (default: 600)
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func veilRecord() throws {
        try Self.expectHelp(
            ["record"],
            """
            OVERVIEW: Run a command in a pseudo-terminal and record it as an asciicast v2
            (.cast), or as a redacted GIF, WebP or SVG.

            The command runs with TERM=xterm-256color in a terminal of --cols×--rows
            (default: the size of the terminal veil runs in, else 80×24). Standard input
            goes to the command; on a real terminal keys pass through in raw mode (Ctrl-C
            reaches the command, not veil) and the command's output is shown as it runs;
            the terminal's mode is restored on every exit. Resizes of that terminal are
            recorded.

            --redact writes the recording through the same redacted-recording writer as
            `veil redact`: every frame re-encoded from the redacted screen, so no byte of a
            hidden value reaches the file. --stdin records what was typed as input events
            ("i"); with --redact they are dropped (typed input can be a password).

            -o OUT.gif, .webp or .svg writes the session as `veil redact` would write the
            recording: always redacted, timed and drawn as the GIF/WebP/SVG options say.
            Give -o again to write several formats from one session, e.g. -o demo.gif -o
            demo.cast to keep the recording too (to render it again later); that .cast is
            the session as recorded, redacted only with --redact, so keep it out of what
            you publish. Without a .cast output the session is held in memory (at most 256
            MiB) and never reaches the disk unredacted.

            Exit codes: 0 the recording was written (whatever the command's own status,
            shown on standard error); 2 a usage, configuration or write error, a command
            that does not exist, or one still running at --timeout (nothing is written; an
            output already written in the run is removed). A SIGINT or SIGTERM of veil
            stops the command and leaves no file.

            USAGE: veil record -o <output> [-o <output> ...] [<options>] -- <command> [<argument> ...]

            ARGUMENTS:
              <command>               After --: the command and its arguments.

            OPTIONS:
              -o, --output <output>   A file to write: .cast (asciicast v2), .gif, .webp or
                                      .svg, or - for the .cast on standard output; give -o
                                      again for more.
              --redact                Hide every exposed value (the rules of --config):
                                      frames re-encoded from the redacted screen.
              --stdin                 Record what is typed to the command as input events
                                      (dropped with --redact).
              --timeout <timeout>     Stop a command still running after this long (30s,
                                      2m); nothing is written (default: none).
              --config <file>         Rules file (default: the nearest .veil.yml from the
                                      input's folder up to the current folder, else the
                                      built-in rules).
              -v, --verbose           Say on standard error which rules file applied.
              --file-mode <mode>      Permissions of the files written, in octal: 600 lets
                                      only you read them, 644 everyone. (default: 600)
              --style <style>         With --redact or a GIF/WebP/SVG output: how hidden
                                      values look (default: solid). (values: solid, mask,
                                      placeholder)
              --idle-limit <seconds>  GIF/WebP/SVG: shorten pauses to this many seconds
                                      (default: the recording's idle_time_limit, else 5).
              --speed <speed>         GIF/WebP/SVG: playback speed (2: twice as fast;
                                      default: 1).
              --fps-cap <fps-cap>     GIF/WebP/SVG: at most this many frames a second, 1–50
                                      (default: 30).
              --last-frame <seconds>  GIF/WebP/SVG: how long the last frame stays (default:
                                      3).
              --loop/--no-loop        GIF/WebP/SVG: play forever (default), or once.
              --scale <scale>         GIF/WebP: pixel scale (SVG: image size; default: 1).
                                      (values: 1, 2, 3)
              --theme <theme>         GIF/WebP/SVG: colour theme (default: dark). (values:
                                      dark, light, xterm)
              --cols <cols>           Columns of the terminal screen, 1–1000 (default: the
                                      input's own: a .cast recording's, a scenario's
                                      screen.size, for record the terminal veil runs in;
                                      else 80, or a capture's widest line up to 300).
              --rows <rows>           Rows of the terminal screen, 1–1000 (default: the
                                      input's own: a .cast recording's, a scenario's
                                      screen.size, for record the terminal veil runs in;
                                      else 24, or the lowest row a capture's cursor
                                      addressing draws on).
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func veilShell() throws {
        try Self.expectHelp(
            ["shell"],
            """
            OVERVIEW: Run a shell (or a command) in a terminal whose sensitive values never
            reach the screen.

            The command (default: $SHELL) runs in a pseudo-terminal the size of this
            terminal, with TERM=xterm-256color and VEIL_SHELL=1. Its output only updates
            Veil's screen model; this terminal is drawn from the redacted screen, never
            from the command's bytes, and a frame is drawn only after detection judged the
            rows that changed (values found once stay hidden everywhere after). Keys,
            pastes, mouse and focus reports go to the command unchanged; the alternate
            screen, cursor, colours, titles and hyperlinks (both redacted) and the bell
            pass through. There is no key that reveals anything: this terminal is what is
            being shared. What a value typed or printed piece by piece shows before a rule
            can match it is in Docs/shell.md.

            --record writes the session as drawn, in any format `veil redact` writes: .cast
            (asciicast v2 with timing) and .ans (terminal bytes) as the session goes; .gif,
            .webp and .svg once it ends (drawn as the GIF/WebP/SVG options say). Every
            frame is the redacted screen; typed input is never recorded. The terminal is
            put back as it was when the command ends, and on SIGTERM, SIGHUP and SIGINT
            (the command is hung up on) and a crash of veil.

            Exit codes: the command's status (128 + the signal that ended it); 128 + the
            signal that stopped veil; 2 a usage or configuration error, no terminal, or a
            command that does not exist (nothing runs).

            USAGE: veil shell [<options>] [-- <command> [<argument> ...]]

            ARGUMENTS:
              <command>               After --: the command and its arguments (default:
                                      $SHELL).

            OPTIONS:
              --config <file>         Rules file (default: the nearest .veil.yml from the
                                      input's folder up to the current folder, else the
                                      built-in rules).
              -v, --verbose           Say on standard error which rules file applied.
              --style <style>         How hidden values look. (values: solid, mask,
                                      placeholder; default: solid)
              --record <file>         Also write the session as drawn: .cast, .ans, .gif,
                                      .webp or .svg.
              --file-mode <mode>      Permissions of the files written, in octal: 600 lets
                                      only you read them, 644 everyone. (default: 600)
              --idle-limit <seconds>  GIF/WebP/SVG: shorten pauses to this many seconds
                                      (default: the recording's idle_time_limit, else 5).
              --speed <speed>         GIF/WebP/SVG: playback speed (2: twice as fast;
                                      default: 1).
              --fps-cap <fps-cap>     GIF/WebP/SVG: at most this many frames a second, 1–50
                                      (default: 30).
              --last-frame <seconds>  GIF/WebP/SVG: how long the last frame stays (default:
                                      3).
              --loop/--no-loop        GIF/WebP/SVG: play forever (default), or once.
              --scale <scale>         GIF/WebP: pixel scale (SVG: image size; default: 1).
                                      (values: 1, 2, 3)
              --theme <theme>         GIF/WebP/SVG: colour theme (default: dark). (values:
                                      dark, light, xterm)
              --status                Show veil's status line (values hidden, recording) on
                                      the bottom row.
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func veilExec() throws {
        try Self.expectHelp(
            ["exec"],
            """
            OVERVIEW: Run a program in a pseudo-terminal as the app: lifecycle log and
            redacted snapshots of its screen.

            The program is the app: launch starts it; becoming active and resigning active
            send focus in and out (CSI I, CSI O) when it enabled focus reporting (DECSET
            1004); on entering the background it gets until the didEnterBackground deadline
            to redraw, then the snapshot is taken from its screen; suspending stops it
            (SIGTSTP, SIGSTOP) and resuming continues it (SIGCONT); terminating sends
            SIGTERM, and the watchdog kills (SIGKILL, 0x8badf00d) a program still running
            at the willTerminate deadline. Without a scenario: launch, wait until its
            output has been quiet for 500ms, home. A scenario (Docs/scenario.md) names its
            program with screen.exec (or takes COMMAND) and can type text, press keys and
            wait for the screen.

            Exit codes: 0 no violation; 1 the log holds a violation (a snapshot that would
            show an unhidden block finding, a missed deadline) or a watchdog termination; 2
            a bad scenario or rules file, a command that does not exist, a waitFor that
            timed out, or a snapshot that could not be written (the snapshots written are
            removed).

            USAGE: veil exec [<options>] -- <command> [<argument> ...]
                   veil exec <scenario> [<options>] [-- <command> [<argument> ...]]

            ARGUMENTS:
              <scenario>              A scenario file (YAML) that drives the program.
              <command>               After --: the command and its arguments (default: the
                                      scenario's screen.exec).

            OPTIONS:
              --out <out>             Folder for the snapshots (default: veil-out;
                                      veil-demo for demo).
              --log <log>             How to print the lifecycle log. (values: text, json;
                                      default: text)
              --config <file>         Rules file (default: the nearest .veil.yml from the
                                      input's folder up to the current folder, else the
                                      built-in rules).
              -v, --verbose           Say on standard error which rules file applied.
              --root <root>           Folder the files the scenario names must lie inside
                                      (default: the scenario's folder).
              --allow-outside-root    Let scenarios read files outside their root (absolute
                                      paths, '..', symbolic links out). Risky on untrusted
                                      input: a scenario could then put any file the process
                                      can read (e.g. /proc/self/environ, ~/.ssh) into a
                                      snapshot or a report. See SECURITY.md.
              --cols <cols>           Columns of the terminal screen, 1–1000 (default: the
                                      input's own: a .cast recording's, a scenario's
                                      screen.size, for record the terminal veil runs in;
                                      else 80, or a capture's widest line up to 300).
              --rows <rows>           Rows of the terminal screen, 1–1000 (default: the
                                      input's own: a .cast recording's, a scenario's
                                      screen.size, for record the terminal veil runs in;
                                      else 24, or the lowest row a capture's cursor
                                      addressing draws on).
              --style <style>         How hidden cells look. (values: solid, mask,
                                      placeholder; default: solid)
              --scale <scale>         Pixel scale of the PNG. (values: 1, 2, 3; default: 1)
              --theme <theme>         Colour theme. (values: dark, light, xterm; default:
                                      dark)
              --file-mode <mode>      Permissions of the files written, in octal: 600 lets
                                      only you read them, 644 everyone. (default: 600)
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }

    @Test func veilCompletions() throws {
        try Self.expectHelp(
            ["completions"],
            """
            OVERVIEW: Print the completion script for bash, zsh or fish.

            bash: veil completions bash > ~/.local/share/bash-completion/completions/veil.
            zsh: veil completions zsh > "${fpath[1]}/_veil". fish: veil completions fish >
            ~/.config/fish/completions/veil.fish. Scripts/install PREFIX installs all
            three. Exit codes: 0 printed; 2 a usage error (an unknown shell).

            USAGE: veil completions <shell>

            ARGUMENTS:
              <shell>                 The shell: bash, zsh or fish. (values: bash, zsh,
                                      fish)

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.


            """)
    }
}
