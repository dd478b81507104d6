#pragma once
// Everything FusionScope remembers between runs, in one place over QSettings: recent files, window
// layout, editor command, source folders, language, user kernel registry, last directory.
#include <QByteArray>
#include <QString>
#include <QStringList>

class Settings {
public:
    static constexpr int maxRecentFiles = 10;
    static QStringList recentFiles();
    static void addRecentFile(const QString &path);
    static void clearRecentFiles();

    // A command line with {file} and {line}, e.g. "code -g {file}:{line}".
    static QString editorCommand();
    static void setEditorCommand(const QString &command);
    static QString defaultEditorCommand();  // code when it is installed, else xdg-open
    // Folders searched for the Python files named in traces (recorded on another machine).
    static QStringList sourceFolders();
    static void setSourceFolders(const QStringList &folders);

    static QString language();  // "" = system locale, else "en", "de", "zh_CN"
    static void setLanguage(const QString &language);
    static QString registryFile();  // user kernel registry read before the built-in one
    static void setRegistryFile(const QString &path);
    // The toolbar's scope: whole profiler steps only (the default), or every kernel of the file.
    static bool wholeStepsOnly();
    static void setWholeStepsOnly(bool on);
    static bool demangle();
    static void setDemangle(bool on);

    static QByteArray windowGeometry();
    static QByteArray windowState();
    static QByteArray splitterState();
    static void setWindowLayout(const QByteArray &geometry, const QByteArray &state, const QByteArray &splitter);
    static QString lastDirectory();
    static void setLastDirectory(const QString &dir);
    // Where trace A's (side 0) or B's (side 1) open dialog starts: each side's own last folder, as
    // the two traces often live apart (an NVIDIA and an AMD run); else the last folder of any dialog.
    static QString lastTraceDirectory(int side);
    static void setLastTraceDirectory(int side, const QString &dir);
};
