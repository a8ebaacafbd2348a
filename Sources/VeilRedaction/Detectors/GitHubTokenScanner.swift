/// `github.token`: `(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}` and `github_pat_\w{82}`.
struct GitHubTokenScanner: NativeScanner {
    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i + 40 <= n {
            guard line[i] == 0x67, i == 0 || !ASCII.isWord(line[i - 1]) else { i += 1; continue }
            if line[i + 1] == 0x68, line[i + 3] == ASCII.underscore,
                [0x70, 0x6F, 0x75, 0x73, 0x72].contains(line[i + 2]),
                (i + 4..<i + 40).allSatisfy({ ASCII.isAlnum(line[$0]) }),
                i + 40 == n || !ASCII.isWord(line[i + 40])
            {
                candidates.append(Candidate(match: i..<(i + 40), secret: i..<(i + 40)))
                i += 40
                continue
            }
            if line.hasPrefix("github_pat_", at: i), i + 93 <= n,
                (i + 11..<i + 93).allSatisfy({ ASCII.isWord(line[$0]) }),
                i + 93 == n || !ASCII.isWord(line[i + 93])
            {
                candidates.append(Candidate(match: i..<(i + 93), secret: i..<(i + 93)))
                i += 93
                continue
            }
            i += 1
        }
    }
}
