/// `azure.storage_key`: the key in an Azure connection string, `AccountKey=` and the
/// base64 of a 64-byte storage account key (88 characters), or `SharedAccessKey=` and the
/// base64 of a 32-byte Service Bus / Event Hubs key (44 characters). Only the key is
/// hidden; the account name and endpoint stay visible.
struct AzureStorageKeyScanner: NativeScanner {
    private static let labels: [(label: [UInt8], length: Int)] = [
        (Array("accountkey=".utf8), 88), (Array("sharedaccesskey=".utf8), 44),
    ]

    @inline(__always) private static func isBase64(_ b: UInt8) -> Bool {
        ASCII.isAlnum(b) || b == ASCII.plus || b == ASCII.slash
    }

    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i + 11 < n {
            let b = line[i] | 0x20
            guard b == 0x61 || b == 0x73, line.alnumBoundary(before: i),
                let (label, length) = Self.labels.first(where: { line.matchesLowercase($0.label, at: i) })
            else {
                i += 1
                continue
            }
            let start = i + label.count
            var j = start
            while j < n && Self.isBase64(line[j]) { j += 1 }
            while j < n && line[j] == ASCII.equals && j - start < length { j += 1 }
            if j - start == length && line.alnumBoundary(at: j) && (j == n || line[j] != ASCII.equals) {
                candidates.append(Candidate(match: i..<j, secret: start..<j))
            }
            i = max(j, i + 1)
        }
    }
}
