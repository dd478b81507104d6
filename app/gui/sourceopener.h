#pragma once
// Opens a source location from a trace in the user's editor. Traces name files as they were on the
// machine that recorded them, so the file is looked up as given, then by ever shorter path suffixes
// under the configured source folders and next to the traces.
#include <QCoreApplication>
#include <QString>
#include <QStringList>

class SourceOpener {
    Q_DECLARE_TR_FUNCTIONS(SourceOpener)
public:
    // The local file for `file`, or empty when none exists.
    static QString resolve(const QString &file, const QStringList &searchFolders);
    // The editor command split into program and arguments, {file} and {line} substituted.
    static QStringList command(const QString &commandLine, const QString &file, int line);
    // Starts the editor detached; false (with *error) when the command cannot start.
    static bool open(const QString &commandLine, const QString &file, int line, QString *error = nullptr);
};
