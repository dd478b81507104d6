<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>BackgroundJob</name>
    <message>
        <source>out of memory</source>
        <translation>nicht genügend Arbeitsspeicher</translation>
    </message>
    <message>
        <source>unexpected error</source>
        <translation>unerwarteter Fehler</translation>
    </message>
</context>
<context>
    <name>ChartPage</name>
    <message>
        <source>GPU time per operation</source>
        <translation>GPU-Zeit je Operation</translation>
    </message>
    <message>
        <source>Where the gap comes from (waterfall)</source>
        <translation>Woher der Unterschied kommt (Wasserfalldiagramm)</translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation>Diagramm:</translation>
    </message>
    <message>
        <source>No trace loaded</source>
        <translation>Kein Trace geladen</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Compare two PyTorch-profiler traces and find kernel fusions.</source>
        <translation>Vergleicht zwei PyTorch-Profiler-Traces und findet Kernel-Fusionen.</translation>
    </message>
    <message>
        <source>Label of trace A.</source>
        <translation>Bezeichnung von Trace A.</translation>
    </message>
    <message>
        <source>label</source>
        <translation>Bezeichnung</translation>
    </message>
    <message>
        <source>Label of trace B.</source>
        <translation>Bezeichnung von Trace B.</translation>
    </message>
    <message>
        <source>Stage to compare: prefill, decode or all.</source>
        <translation>Zu vergleichende Phase: prefill, decode oder all.</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Interface language: en, de, zh_CN.</source>
        <translation>Sprache der Oberfläche: en, de, zh_CN.</translation>
    </message>
    <message>
        <source>language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Save a picture of the window once the traces are analysed and compared, then exit.</source>
        <translation>Speichert einen Screenshot des Fensters, sobald die Traces analysiert und verglichen sind, und beendet dann das Programm.</translation>
    </message>
    <message>
        <source>file.png</source>
        <translation>datei.png</translation>
    </message>
    <message>
        <source>view</source>
        <translation>Ansicht</translation>
    </message>
    <message>
        <source>Window size, e.g. 1440x900.</source>
        <translation>Fenstergröße, z. B. 1440x900.</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>BxH</translation>
    </message>
    <message>
        <source>Trace shown on the left.</source>
        <translation>Links angezeigter Trace.</translation>
    </message>
    <message>
        <source>Trace shown on the right.</source>
        <translation>Rechts angezeigter Trace.</translation>
    </message>
    <message>
        <source>At most two traces (A and B), got %1.</source>
        <translation>Höchstens zwei Traces (A und B) möglich, angegeben: %1.</translation>
    </message>
    <message>
        <source>Unknown stage &quot;%1&quot; (prefill, decode, all).</source>
        <translation>Unbekannte Phase „%1“ (prefill, decode, all).</translation>
    </message>
    <message>
        <source>Bad window size &quot;%1&quot; (use WxH, e.g. 1440x900).</source>
        <translation>Ungültige Fenstergröße „%1“ (Format BxH, z. B. 1440x900).</translation>
    </message>
    <message>
        <source>Print the seconds from start until the traces are analysed, compared and shown, and the peak memory, then exit.</source>
        <translation>Gibt die Zeit in Sekunden vom Start bis zur Anzeige der analysierten und verglichenen Traces sowie den maximalen Speicherbedarf aus und beendet dann das Programm.</translation>
    </message>
    <message>
        <source>--time-to-first-view needs a trace to show.</source>
        <translation>--time-to-first-view erfordert einen anzuzeigenden Trace.</translation>
    </message>
    <message>
        <source>--time-to-first-view and --screenshot cannot be combined.</source>
        <translation>--time-to-first-view und --screenshot können nicht zusammen verwendet werden.</translation>
    </message>
    <message>
        <source>View to show: timeline, kernels, layers, fusion, findings, chart, gap, triage.</source>
        <translation>Anzuzeigende Ansicht: timeline, kernels, layers, fusion, findings, chart, gap, triage.</translation>
    </message>
    <message>
        <source>Unknown view &quot;%1&quot; (timeline, kernels, layers, fusion, findings, chart, gap, triage).</source>
        <translation>Unbekannte Ansicht „%1“ (timeline, kernels, layers, fusion, findings, chart, gap, triage).</translation>
    </message>
</context>
<context>
    <name>EvidenceText</name>
    <message numerus="yes">
        <source>%1 of %n compared layer(s)</source>
        <translation>
            <numerusform>%1 von %n verglichenen Schicht</numerusform>
            <numerusform>%1 von %n verglichenen Schichten</numerusform>
        </translation>
    </message>
    <message>
        <source>%1× in %2</source>
        <translation>%1× in %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 runs %n kernel(s) where %2 runs %3 (%4), %5.</source>
        <translation>
            <numerusform>%1 führt %n Kernel aus, während %2 %3 ausführt (%4), %5.</numerusform>
            <numerusform>%1 führt %n Kernel aus, während %2 %3 ausführt (%4), %5.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 runs %2 (%3) where %4 runs no such op, %5.</source>
        <translation>%1 führt %2 (%3) aus, während %4 keine solche Operation ausführt, %5.</translation>
    </message>
    <message>
        <source>%1 runs %2 kernels that have no counterpart in %3 and no CPU-side evidence says why, %4.</source>
        <translation>%1 führt %2-Kernel aus, die in %3 kein Gegenstück haben, ohne dass ein Hinweis auf der CPU-Seite den Grund erklärt, %4.</translation>
    </message>
    <message>
        <source>split inside one op</source>
        <translation>innerhalb einer Operation aufgeteilt</translation>
    </message>
    <message>
        <source>op fused away</source>
        <translation>Operation wegfusioniert</translation>
    </message>
    <message>
        <source>named fused kernel</source>
        <translation>benannter fusionierter Kernel</translation>
    </message>
    <message>
        <source>many kernels to one</source>
        <translation>viele Kernel zu einem</translation>
    </message>
    <message>
        <source>fused kernel by name</source>
        <translation>fusionierter Kernel laut Name</translation>
    </message>
    <message>
        <source>kernel sequence</source>
        <translation>Kernel-Folge</translation>
    </message>
    <message>
        <source>count imbalance</source>
        <translation>ungleiche Anzahl</translation>
    </message>
    <message>
        <source>op chain</source>
        <translation>Operationskette</translation>
    </message>
    <message>
        <source>%1, %2 of %3</source>
        <translation>%1, %2 von %3</translation>
    </message>
</context>
<context>
    <name>FamilyTableModel</name>
    <message>
        <source>fused kernel runs</source>
        <translation>fusionierter Kernel läuft</translation>
    </message>
    <message>
        <source>pieces run separately</source>
        <translation>Teile laufen getrennt</translation>
    </message>
    <message>
        <source>Confirmed</source>
        <translation>Bestätigt</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Fusion family</source>
        <translation>Fusionsfamilie</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Related time</source>
        <translation>Betroffene Zeit</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Evidence kernels</source>
        <translation>Belegende Kernel</translation>
    </message>
    <message>
        <source>Source locations</source>
        <translation>Quelltextstellen</translation>
    </message>
    <message>
        <source>Rationale</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>mixed: partly fused</source>
        <translation>gemischt: teilweise fusioniert</translation>
    </message>
    <message>
        <source>%1
%2 instance(s) run the fused kernel (%3), %4 run the pieces separately (%5)</source>
        <translation>%1
%2 Instanz(en) mit fusioniertem Kernel (%3), %4 in getrennten Teilen (%5)</translation>
    </message>
    <message>
        <source>Fused instances</source>
        <translation>Fusionierte Instanzen</translation>
    </message>
    <message>
        <source>Split instances</source>
        <translation>Getrennte Instanzen</translation>
    </message>
</context>
<context>
    <name>FindingsPage</name>
    <message>
        <source>Comparing the traces…</source>
        <translation>Die Traces werden verglichen…</translation>
    </message>
    <message>
        <source>Load trace A and trace B to compare them: the findings appear here.</source>
        <translation>Laden Sie Trace A und Trace B, um sie zu vergleichen: Die Befunde erscheinen hier.</translation>
    </message>
</context>
<context>
    <name>FindingsReport</name>
    <message>
        <source>slower</source>
        <translation>langsamer</translation>
    </message>
    <message>
        <source>faster</source>
        <translation>schneller</translation>
    </message>
    <message>
        <source>similar</source>
        <translation>ähnlich</translation>
    </message>
    <message>
        <source>only A</source>
        <translation>nur A</translation>
    </message>
    <message>
        <source>only B</source>
        <translation>nur B</translation>
    </message>
    <message>
        <source>FusionScope comparison</source>
        <translation>FusionScope-Vergleich</translation>
    </message>
    <message>
        <source>trace</source>
        <translation>Trace</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>kernels</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation>GPU-Zeit</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>Fusion differences</source>
        <translation>Fusionsunterschiede</translation>
    </message>
    <message>
        <source>No fusion differences found.</source>
        <translation>Keine Fusionsunterschiede gefunden.</translation>
    </message>
    <message>
        <source>%1 — fused by %2</source>
        <translation>%1 — fusioniert in %2</translation>
    </message>
    <message>
        <source>Time at stake:</source>
        <translation>Mögliche Einsparung:</translation>
    </message>
    <message>
        <source>%1 on %2 (unfused runs %3, fused kernels %4)</source>
        <translation>%1 in %2 (nicht fusionierte Läufe %3, fusionierte Kernel %4)</translation>
    </message>
    <message>
        <source>Confidence:</source>
        <translation>Konfidenz:</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>Beleg:</translation>
    </message>
    <message>
        <source>Fused kernel:</source>
        <translation>Fusionierter Kernel:</translation>
    </message>
    <message>
        <source>Unfused pieces:</source>
        <translation>Nicht fusionierte Bestandteile:</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Quelltextstelle:</translation>
    </message>
    <message>
        <source>Extra work</source>
        <translation>Mehraufwand</translation>
    </message>
    <message>
        <source>Kernels one side runs with no counterpart and no fused kernel on the other side.</source>
        <translation>Kernel, die eine Seite ausführt, ohne Gegenstück und ohne fusionierten Kernel auf der anderen Seite.</translation>
    </message>
    <message>
        <source>runs it</source>
        <translation>ausgeführt von</translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation>CPU-Operation</translation>
    </message>
    <message>
        <source>operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>unexplained</source>
        <translation>ungeklärt</translation>
    </message>
    <message>
        <source>Modules with more kernels per call on one side</source>
        <translation>Module mit mehr Kerneln je Aufruf auf einer Seite</translation>
    </message>
    <message>
        <source>module</source>
        <translation>Modul</translation>
    </message>
    <message>
        <source>A kernels/call</source>
        <translation>Kernel/Aufruf A</translation>
    </message>
    <message>
        <source>B kernels/call</source>
        <translation>Kernel/Aufruf B</translation>
    </message>
    <message>
        <source>fused by</source>
        <translation>fusioniert in</translation>
    </message>
    <message>
        <source>impact</source>
        <translation>Auswirkung</translation>
    </message>
    <message>
        <source>speed gap</source>
        <translation>Geschwindigkeitsunterschied</translation>
    </message>
    <message>
        <source>Slowest operations (B relative to A)</source>
        <translation>Langsamste Operationen (B im Verhältnis zu A)</translation>
    </message>
    <message>
        <source>A count</source>
        <translation>Anzahl A</translation>
    </message>
    <message>
        <source>B count</source>
        <translation>Anzahl B</translation>
    </message>
    <message>
        <source>A time</source>
        <translation>Zeit A</translation>
    </message>
    <message>
        <source>B time</source>
        <translation>Zeit B</translation>
    </message>
    <message>
        <source>B/A</source>
        <translation>B/A</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Status rule: B is slower when B/A &gt; 1.1, faster when B/A &lt; 0.9, else similar.</source>
        <translation>Regel: B ist langsamer bei B/A &gt; 1,1, schneller bei B/A &lt; 0,9, sonst ähnlich.</translation>
    </message>
    <message>
        <source>Layers with the largest gap</source>
        <translation>Schichten mit dem größten Unterschied</translation>
    </message>
    <message>
        <source>A layer</source>
        <translation>Schicht A</translation>
    </message>
    <message>
        <source>B layer</source>
        <translation>Schicht B</translation>
    </message>
    <message>
        <source>Where the gap between the traces comes from: Chart tab, waterfall.</source>
        <translation>Woher der Unterschied zwischen den Traces kommt: Reiter Diagramm, Wasserfalldiagramm.</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
</context>
<context>
    <name>FusionPage</name>
    <message>
        <source>The traces show no fusion differences.</source>
        <translation>Die Traces zeigen keine Fusionsunterschiede.</translation>
    </message>
    <message>
        <source>Fusion patterns appear once trace A and trace B are compared.</source>
        <translation>Fusionsmuster erscheinen, sobald Trace A und Trace B verglichen sind.</translation>
    </message>
    <message>
        <source>Extra work: %1</source>
        <translation>Mehraufwand: %1</translation>
    </message>
</context>
<context>
    <name>FusionTreeModel</name>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Fused kernels in %1 (%2)</source>
        <translation>Fusionierte Kernel in %1 (%2)</translation>
    </message>
    <message>
        <source>Unfused components in %1 (%2)</source>
        <translation>Nicht fusionierte Bestandteile in %1 (%2)</translation>
    </message>
    <message>
        <source>Source locations (%1)</source>
        <translation>Quelltextstellen (%1)</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <source>%1
(no matching kernel in this trace)</source>
        <translation>%1
(kein passender Kernel in diesem Trace)</translation>
    </message>
    <message>
        <source>%1
Activate to select it in the kernel table</source>
        <translation>%1
Doppelklicken Sie, um ihn in der Kernel-Tabelle auszuwählen</translation>
    </message>
    <message>
        <source>%1
Activate to open the file, or to see the stack</source>
        <translation>%1
Doppelklicken Sie, um die Datei zu öffnen oder den Stack anzuzeigen</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Fused in</source>
        <translation>Fusioniert in</translation>
    </message>
    <message>
        <source>Methods</source>
        <translation>Methoden</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Time at stake</source>
        <translation>Mögliche Einsparung</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Saves %1: the unfused runs take %2 in %3, the fused kernels %4 in %5</source>
        <translation>Spart %1: Die nicht fusionierten Kernel brauchen %2 in %3, die fusionierten %4 in %5</translation>
    </message>
    <message>
        <source>Kernels in %1 (%2)</source>
        <translation>Kernel in %1 (%2)</translation>
    </message>
    <message>
        <source>Extra work: %1</source>
        <translation>Mehraufwand: %1</translation>
    </message>
    <message>
        <source>only B: %1</source>
        <translation>nur B: %1</translation>
    </message>
    <message>
        <source>only A: %1</source>
        <translation>nur A: %1</translation>
    </message>
    <message>
        <source>no such op on the other side</source>
        <translation>diese Operation fehlt auf der anderen Seite</translation>
    </message>
    <message>
        <source>unexplained</source>
        <translation>ungeklärt</translation>
    </message>
    <message>
        <source>What fusing would save: the unfused runs&apos; time minus the fused kernels&apos; time (for extra work: its time)</source>
        <translation>Was eine Fusion einsparen würde: die Zeit der nicht fusionierten Kernel minus die der fusionierten (bei Mehraufwand: dessen Zeit)</translation>
    </message>
</context>
<context>
    <name>GapChartView</name>
    <message>
        <source>Which time the waterfall decomposes</source>
        <translation>Welche Zeit das Wasserfalldiagramm aufschlüsselt</translation>
    </message>
    <message>
        <source>Measure:</source>
        <translation>Messgröße:</translation>
    </message>
    <message>
        <source>fusion: %1, fused by %2</source>
        <translation>Fusion: %1, fusioniert in %2</translation>
    </message>
    <message>
        <source>extra work: %1 on %2</source>
        <translation>Mehraufwand: %1 auf %2</translation>
    </message>
    <message>
        <source>kernel speed: %1</source>
        <translation>Kernel-Geschwindigkeit: %1</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>Leerlauf</translation>
    </message>
    <message>
        <source>idle in %1 layers</source>
        <translation>Leerlauf in Schichten vom Typ %1</translation>
    </message>
    <message>
        <source>outside the aligned layers</source>
        <translation>außerhalb der zugeordneten Schichten</translation>
    </message>
    <message>
        <source>residual</source>
        <translation>Rest</translation>
    </message>
    <message>
        <source>Load trace A and trace B to see where the gap between them comes from</source>
        <translation>Laden Sie Trace A und Trace B, um zu sehen, woher der Unterschied zwischen ihnen kommt</translation>
    </message>
    <message>
        <source>GPU busy time</source>
        <translation>Aktive GPU-Zeit</translation>
    </message>
    <message>
        <source>Wall time of the profiled window</source>
        <translation>Wall-Clock-Zeit des aufgezeichneten Zeitfensters</translation>
    </message>
    <message>
        <source>Windows of the %1 layers</source>
        <translation>Zeitfenster der Schichten vom Typ %1</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
    <message>
        <source>B takes longer</source>
        <translation>B braucht länger</translation>
    </message>
    <message>
        <source>B takes less time</source>
        <translation>B braucht weniger Zeit</translation>
    </message>
    <message numerus="yes">
        <source>%1
B − A: %2
%3 → %4
Click to select its %n kernel(s)</source>
        <translation>
            <numerusform>%1
B − A: %2
%3 → %4
Klicken Sie, um seinen %n Kernel auszuwählen</numerusform>
            <numerusform>%1
B − A: %2
%3 → %4
Klicken Sie, um seine %n Kernel auszuwählen</numerusform>
        </translation>
    </message>
    <message>
        <source>Where the gap comes from: %1 → %2 (%3)</source>
        <translation>Woher der Unterschied kommt: %1 → %2 (%3)</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>GPU busy time (%1)</source>
        <translation>Aktive GPU-Zeit (%1)</translation>
    </message>
    <message>
        <source>Wall time (%1)</source>
        <translation>Wall-Clock-Zeit (%1)</translation>
    </message>
    <message>
        <source>Time in the layers&apos; windows (%1)</source>
        <translation>Zeit in den Zeitfenstern der Schichten (%1)</translation>
    </message>
    <message>
        <source>%1 holds %2 profiler steps, %3 holds %4: each total covers its own steps.</source>
        <translation>%1 enthält %2 Profiler-Schritte, %3 enthält %4: Jede Summe umfasst ihre eigenen Schritte.</translation>
    </message>
    <message>
        <source>What if (GPU busy time):</source>
        <translation>Was wäre, wenn (aktive GPU-Zeit):</translation>
    </message>
</context>
<context>
    <name>KernelPage</name>
    <message>
        <source>Filter by kernel name or operation…</source>
        <translation>Nach Kernel-Name oder Operation filtern…</translation>
    </message>
    <message>
        <source>&amp;Demangle names</source>
        <translation>Namen de&amp;mangeln</translation>
    </message>
    <message>
        <source>Operation:</source>
        <translation>Operation:</translation>
    </message>
    <message>
        <source>%1 of %2 rows</source>
        <translation>%1 von %2 Zeilen</translation>
    </message>
    <message>
        <source>All operations</source>
        <translation>Alle Operationen</translation>
    </message>
</context>
<context>
    <name>KernelTableModel</name>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>No matching kernel in %1</source>
        <translation>Kein passender Kernel in %1</translation>
    </message>
    <message>
        <source>Only in %1</source>
        <translation>Nur in %1</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Kernel A</source>
        <translation>Kernel A</translation>
    </message>
    <message>
        <source>Kernel B</source>
        <translation>Kernel B</translation>
    </message>
    <message>
        <source>Calls A</source>
        <translation>Aufrufe A</translation>
    </message>
    <message>
        <source>Calls B</source>
        <translation>Aufrufe B</translation>
    </message>
    <message>
        <source>Total A</source>
        <translation>Summe A</translation>
    </message>
    <message>
        <source>Total B</source>
        <translation>Summe B</translation>
    </message>
    <message>
        <source>Avg A</source>
        <translation>Mittel A</translation>
    </message>
    <message>
        <source>Avg B</source>
        <translation>Mittel B</translation>
    </message>
    <message>
        <source>Δ B−A</source>
        <translation>Δ B−A</translation>
    </message>
    <message>
        <source>B/A</source>
        <translation>B/A</translation>
    </message>
    <message>
        <source>GPU time of %1 minus %2</source>
        <translation>GPU-Zeit von %1 minus %2</translation>
    </message>
    <message>
        <source>GPU time of %1 divided by %2; red: B slower, green: B faster</source>
        <translation>GPU-Zeit von %1 geteilt durch %2; rot: B langsamer, grün: B schneller</translation>
    </message>
    <message>
        <source>%1 is slower: %2 the GPU time of %3</source>
        <translation>%1 ist langsamer: %2 der GPU-Zeit von %3</translation>
    </message>
    <message>
        <source>%1 is faster: %2 the GPU time of %3</source>
        <translation>%1 ist schneller: %2 der GPU-Zeit von %3</translation>
    </message>
    <message>
        <source>Per profiler step: %1 holds %2 steps, %3 holds %4</source>
        <translation>Je Profiler-Schritt: %1 enthält %2 Schritte, %3 enthält %4</translation>
    </message>
</context>
<context>
    <name>LayerTableModel</name>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>%1 (pass %2)</source>
        <translation>%1 (Durchlauf %2)</translation>
    </message>
    <message>
        <source>No matching layer in %1</source>
        <translation>Keine passende Schicht in %1</translation>
    </message>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Layer A</source>
        <translation>Schicht A</translation>
    </message>
    <message>
        <source>Layer B</source>
        <translation>Schicht B</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Kernels A</source>
        <translation>Kernel A</translation>
    </message>
    <message>
        <source>Kernels B</source>
        <translation>Kernel B</translation>
    </message>
    <message>
        <source>Total A</source>
        <translation>Summe A</translation>
    </message>
    <message>
        <source>Total B</source>
        <translation>Summe B</translation>
    </message>
    <message>
        <source>Δ B−A</source>
        <translation>Δ B−A</translation>
    </message>
    <message>
        <source>B/A</source>
        <translation>B/A</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>FusionScope</source>
        <translation>FusionScope</translation>
    </message>
    <message>
        <source>Comparison failed</source>
        <translation>Vergleich fehlgeschlagen</translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation>Der Vergleich ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>Fusion patterns</source>
        <translation>Fusionsmuster</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>Diagramm</translation>
    </message>
    <message>
        <source>Triage</source>
        <translation>Triage</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open Trace &amp;A…</source>
        <translation>Trace &amp;A öffnen…</translation>
    </message>
    <message>
        <source>Open Trace &amp;B…</source>
        <translation>Trace &amp;B öffnen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Open A</source>
        <translation>A öffnen</translation>
    </message>
    <message>
        <source>Open B</source>
        <translation>B öffnen</translation>
    </message>
    <message>
        <source>Open &amp;Recent as A</source>
        <translation>&amp;Zuletzt geöffnet als A</translation>
    </message>
    <message>
        <source>Open R&amp;ecent as B</source>
        <translation>Z&amp;uletzt geöffnet als B</translation>
    </message>
    <message>
        <source>&amp;Swap A and B</source>
        <translation>A und B &amp;tauschen</translation>
    </message>
    <message>
        <source>Swap</source>
        <translation>Tauschen</translation>
    </message>
    <message>
        <source>Exchange trace A and trace B</source>
        <translation>Trace A und Trace B vertauschen</translation>
    </message>
    <message>
        <source>&amp;Export Table to CSV…</source>
        <translation>Tabelle als CSV &amp;exportieren…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>CSV exportieren</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Been&amp;den</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Demangle Kernel Names</source>
        <translation>Kernel-Namen &amp;demangeln</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Configure FusionScope…</source>
        <translation>FusionScope &amp;einrichten…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About FusionScope</source>
        <translation>&amp;Über FusionScope</translation>
    </message>
    <message>
        <source>About FusionScope</source>
        <translation>Über FusionScope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;FusionScope %1&lt;/h3&gt;&lt;p&gt;Compares two PyTorch-profiler traces — say, one from an NVIDIA GPU and one from an AMD GPU — aligns their layers and kernels, and finds the kernel fusions one side does and the other does not.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;FusionScope %1&lt;/h3&gt;&lt;p&gt;Vergleicht zwei PyTorch-Profiler-Traces – etwa einen von einer NVIDIA- und einen von einer AMD-GPU –, ordnet ihre Schichten und Kernel einander zu und findet die Kernel-Fusionen, die die eine Seite vornimmt und die andere nicht.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Hauptwerkzeugleiste</translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation>Phase:</translation>
    </message>
    <message>
        <source>All stages</source>
        <translation>Alle Phasen</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>Prefill</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>Decode</translation>
    </message>
    <message>
        <source>Compare and list only the kernels of one stage</source>
        <translation>Nur die Kernel einer Phase vergleichen und auflisten</translation>
    </message>
    <message>
        <source>Trace %1 could not be loaded: %2</source>
        <translation>Trace %1 konnte nicht geladen werden: %2</translation>
    </message>
    <message>
        <source>Loading was cancelled. Drop a trace file here, or click Open…</source>
        <translation>Das Laden wurde abgebrochen. Ziehen Sie eine Trace-Datei hierher oder klicken Sie auf Öffnen…</translation>
    </message>
    <message>
        <source>Open Trace A</source>
        <translation>Trace A öffnen</translation>
    </message>
    <message>
        <source>Open Trace B</source>
        <translation>Trace B öffnen</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>Aligning layers and looking for fusions…</source>
        <translation>Schichten werden zugeordnet und Fusionen gesucht…</translation>
    </message>
    <message>
        <source>Kernels (%1)</source>
        <translation>Kernel (%1)</translation>
    </message>
    <message>
        <source>Layers (%1)</source>
        <translation>Schichten (%1)</translation>
    </message>
    <message>
        <source>Fusion patterns (%1)</source>
        <translation>Fusionsmuster (%1)</translation>
    </message>
    <message>
        <source>Trace %1 could not be loaded; open another file to compare.</source>
        <translation>Trace %1 konnte nicht geladen werden; öffnen Sie zum Vergleichen eine andere Datei.</translation>
    </message>
    <message>
        <source>Load a second trace to compare.</source>
        <translation>Laden Sie zum Vergleichen einen zweiten Trace.</translation>
    </message>
    <message>
        <source>No kernel of %1 matches this item</source>
        <translation>Kein Kernel von %1 passt zu diesem Eintrag</translation>
    </message>
    <message>
        <source>Opened %1:%2</source>
        <translation>%1:%2 geöffnet</translation>
    </message>
    <message>
        <source>Could not open the editor: %1 Check the editor command in the settings.</source>
        <translation>Der Editor konnte nicht geöffnet werden: %1 Prüfen Sie den Editor-Befehl in den Einstellungen.</translation>
    </message>
    <message>
        <source>Source location</source>
        <translation>Quelltextstelle</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;This file is not on this computer. Add the folder that holds it under Settings → Source folders to open it in your editor.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Diese Datei liegt nicht auf diesem Rechner. Fügen Sie den Ordner, der sie enthält, unter Einstellungen → Quelltextordner hinzu, um sie in Ihrem Editor zu öffnen.</translation>
    </message>
    <message>
        <source>Python stack (innermost last):</source>
        <translation>Python-Stack (innerster Rahmen zuletzt):</translation>
    </message>
    <message>
        <source>(the trace recorded no stack for this location)</source>
        <translation>(der Trace enthält für diese Stelle keinen Stack)</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>Keine zuletzt geöffneten Dateien</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <source>The triage of trace %1 could not be completed: %2</source>
        <translation>Die Triage von Trace %1 konnte nicht abgeschlossen werden: %2</translation>
    </message>
    <message>
        <source>%1 vs %2 — FusionScope</source>
        <translation>%1 vs. %2 – FusionScope</translation>
    </message>
    <message>
        <source>%1 — FusionScope</source>
        <translation>%1 – FusionScope</translation>
    </message>
    <message numerus="yes">
        <source>Compared: %n fusion pattern(s), %1 extra-work item(s), %2 aligned layer pairs</source>
        <translation>
            <numerusform>Verglichen: %n Fusionsmuster, %1 Posten Mehraufwand, %2 zugeordnete Schichtpaare</numerusform>
            <numerusform>Verglichen: %n Fusionsmuster, %1 Posten Mehraufwand, %2 zugeordnete Schichtpaare</numerusform>
        </translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation>Umfang:</translation>
    </message>
    <message>
        <source>Neither trace has a %1 stage</source>
        <translation>Keiner der beiden Traces hat eine %1-Phase</translation>
    </message>
    <message>
        <source>No kernel of this part is in the kernel table</source>
        <translation>Kein Kernel dieses Anteils steht in der Kernel-Tabelle</translation>
    </message>
    <message>
        <source>Trace %1 has no %2 phase.</source>
        <translation>Trace %1 hat keine %2-Phase.</translation>
    </message>
    <message>
        <source>Reading the trace…</source>
        <translation>Trace wird gelesen…</translation>
    </message>
    <message>
        <source>No trace loaded. Open trace A and trace B (File menu, or drop trace files on the panes above) to compare them, or one trace to look at its kernels.</source>
        <translation>Kein Trace geladen. Öffnen Sie Trace A und Trace B (über das Menü Datei oder indem Sie Trace-Dateien auf die Felder oben ziehen), um sie zu vergleichen, oder einen einzelnen Trace, um seine Kernel anzusehen.</translation>
    </message>
    <message>
        <source>Comparing the traces… The kernels are listed once they are paired.</source>
        <translation>Die Traces werden verglichen… Die Kernel erscheinen, sobald sie gepaart sind.</translation>
    </message>
    <message>
        <source>Choose another stage in the tool bar.</source>
        <translation>Wählen Sie in der Werkzeugleiste eine andere Phase.</translation>
    </message>
    <message>
        <source>No kernel matches the filter.</source>
        <translation>Kein Kernel passt zum Filter.</translation>
    </message>
    <message>
        <source>No kernel of these traces runs in the %1 stage.</source>
        <translation>Kein Kernel dieser Traces läuft in der Phase %1.</translation>
    </message>
    <message>
        <source>These traces hold no GPU kernels.</source>
        <translation>Diese Traces enthalten keine GPU-Kernel.</translation>
    </message>
    <message>
        <source>No layers were found: layers come from repeated module scopes (nn.Module …Layer_N in the Python stacks), else from attention kernels repeating; these traces have neither.</source>
        <translation>Keine Schichten gefunden: Schichten werden an sich wiederholenden Modul-Scopes erkannt (nn.Module …Layer_N in den Python-Stacks), andernfalls an sich wiederholenden Attention-Kerneln; diese Traces enthalten keines von beiden.</translation>
    </message>
    <message>
        <source>The traces were not compared (the comparison failed or was cancelled); each trace&apos;s kernels are listed on their own.</source>
        <translation>Die Traces wurden nicht verglichen (der Vergleich ist fehlgeschlagen oder wurde abgebrochen); die Kernel jedes Traces werden einzeln aufgeführt.</translation>
    </message>
    <message>
        <source>Load trace A and trace B to compare them: their fusion differences appear here.</source>
        <translation>Laden Sie Trace A und Trace B, um sie zu vergleichen: Die Fusionsunterschiede erscheinen hier.</translation>
    </message>
    <message>
        <source>No fusion differences and no extra work: in the aligned layers both traces run matching kernels.</source>
        <translation>Keine Fusionsunterschiede und kein Mehraufwand: In den zugeordneten Schichten führen beide Traces einander entsprechende Kernel aus.</translation>
    </message>
    <message>
        <source>A repeats %1 layers, B %2 layers.</source>
        <translation>A wiederholt Schichten vom Typ %1, B vom Typ %2.</translation>
    </message>
    <message>
        <source>A layer runs %1 kernels in A and %2 in B.</source>
        <translation>Eine Schicht führt in A %1 Kernel aus, in B %2.</translation>
    </message>
    <message>
        <source>These traces may not run the same model: %1 Fusion findings between them can mislead.</source>
        <translation>Diese Traces stammen womöglich nicht vom selben Modell: %1 Fusionsbefunde zwischen ihnen können irreführend sein.</translation>
    </message>
    <message>
        <source>Fusion patterns (%1 + %2 extra work)</source>
        <translation>Fusionsmuster (%1 + %2 Mehraufwand)</translation>
    </message>
    <message>
        <source>Exported %1 (%2)</source>
        <translation>Exportiert: %1 (%2)</translation>
    </message>
    <message>
        <source>Traces: PyTorch profiler, rocprofv3 JSON, Nsight Systems SQLite (%1);;All files (*)</source>
        <translation>Traces: PyTorch-Profiler, rocprofv3-JSON, Nsight-Systems-SQLite (%1);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>OpChartView</name>
    <message numerus="yes">
        <source>%n other operation(s)</source>
        <translation>
            <numerusform>%n weitere Operation</numerusform>
            <numerusform>%n weitere Operationen</numerusform>
        </translation>
    </message>
    <message>
        <source>No kernels to chart</source>
        <translation>Keine Kernel für das Diagramm</translation>
    </message>
    <message>
        <source>GPU time per operation</source>
        <translation>GPU-Zeit je Operation</translation>
    </message>
    <message>
        <source>GPU time (ms)</source>
        <translation>GPU-Zeit (ms)</translation>
    </message>
    <message>
        <source>GPU time (µs)</source>
        <translation>GPU-Zeit (µs)</translation>
    </message>
    <message>
        <source>GPU time per profiler step (ms)</source>
        <translation>GPU-Zeit je Profiler-Schritt (ms)</translation>
    </message>
    <message>
        <source>GPU time per profiler step (µs)</source>
        <translation>GPU-Zeit je Profiler-Schritt (µs)</translation>
    </message>
</context>
<context>
    <name>OverlapTableModel</name>
    <message>
        <source>Overlaps most with %1 (%2)</source>
        <translation>Überlappt am stärksten mit %1 (%2)</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>Priorität</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>Empfehlung</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>Exclusive</source>
        <translation>Exklusiv</translation>
    </message>
    <message>
        <source>Hidden</source>
        <translation>Verdeckt</translation>
    </message>
    <message>
        <source>Exclusive %</source>
        <translation>Exklusiv %</translation>
    </message>
    <message>
        <source>Dependency risk</source>
        <translation>Abhängigkeitsrisiko</translation>
    </message>
    <message>
        <source>Source location</source>
        <translation>Quelltextstelle</translation>
    </message>
    <message>
        <source>Time during which no kernel runs on another stream</source>
        <translation>Zeit, in der auf keinem anderen Stream ein Kernel läuft</translation>
    </message>
</context>
<context>
    <name>PerfettoExporter</name>
    <message>
        <source>Export for &amp;Perfetto…</source>
        <translation>Für &amp;Perfetto exportieren…</translation>
    </message>
    <message>
        <source>Write the traces, their aligned layers and the findings as a Chrome trace (JSON) for Perfetto UI or chrome://tracing</source>
        <translation>Die Traces, ihre zugeordneten Schichten und die Befunde als Chrome-Trace (JSON) für Perfetto UI oder chrome://tracing schreiben</translation>
    </message>
    <message>
        <source>Perfetto export %p%</source>
        <translation>Perfetto-Export %p%</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the Perfetto export; no file is left behind</source>
        <translation>Den Perfetto-Export abbrechen; es bleibt keine Datei zurück</translation>
    </message>
    <message>
        <source>The Perfetto export failed: %1</source>
        <translation>Der Perfetto-Export ist fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n Ereignis</numerusform>
            <numerusform>%n Ereignisse</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n arrow(s)</source>
        <translation>
            <numerusform>%n Pfeil</numerusform>
            <numerusform>%n Pfeile</numerusform>
        </translation>
    </message>
    <message>
        <source>Export for Perfetto</source>
        <translation>Für Perfetto exportieren</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json.gz *.json)</source>
        <translation>Chrome-Trace-JSON (*.json.gz *.json)</translation>
    </message>
</context>
<context>
    <name>Results</name>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
</context>
<context>
    <name>ScopeSelector</name>
    <message>
        <source>Which kernels every table, finding and chart covers: those of whole profiler steps (ProfilerStep#N: the tail of an iteration the profiler caught only in part is left out), every kernel of the file, or one step. Traces without steps are always analysed whole.</source>
        <translation>Welche Kernel alle Tabellen, Befunde und Diagramme berücksichtigen: die ganzer Profiler-Schritte (ProfilerStep#N; der Rest einer nur teilweise aufgezeichneten Iteration bleibt unberücksichtigt), alle Kernel der Datei oder die eines einzelnen Schritts. Traces ohne Schritte werden immer vollständig analysiert.</translation>
    </message>
    <message>
        <source>Whole steps</source>
        <translation>Ganze Schritte</translation>
    </message>
    <message>
        <source>Whole file</source>
        <translation>Ganze Datei</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>Schritt %1</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Editor command:</source>
        <translation>&amp;Editor-Befehl:</translation>
    </message>
    <message>
        <source>{file} and {line} are replaced, e.g. &quot;code -g {file}:{line}&quot;, &quot;kate {file} --line {line}&quot; or &quot;xdg-open {file}&quot;.</source>
        <translation>{file} und {line} werden ersetzt, z. B. „code -g {file}:{line}“, „kate {file} --line {line}“ oder „xdg-open {file}“.</translation>
    </message>
    <message>
        <source>One folder per line, e.g. a checkout of the model&apos;s code</source>
        <translation>Ein Ordner pro Zeile, z. B. ein Checkout des Modell-Quelltexts</translation>
    </message>
    <message>
        <source>&amp;Source folders:</source>
        <translation>&amp;Quelltextordner:</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>Takes effect when FusionScope starts again.</source>
        <translation>Wird beim nächsten Start von FusionScope wirksam.</translation>
    </message>
    <message>
        <source>Built-in registry only</source>
        <translation>Nur die eingebaute Registry</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Kernel registry</source>
        <translation>Kernel-Registry</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation>YAML-Dateien (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Kernel &amp;registry:</source>
        <translation>Kernel-&amp;Registry:</translation>
    </message>
    <message>
        <source>Read before the built-in registry; its patterns win.</source>
        <translation>Wird vor der eingebauten Registry gelesen; ihre Muster haben Vorrang.</translation>
    </message>
</context>
<context>
    <name>SourceOpener</name>
    <message>
        <source>The editor command is empty.</source>
        <translation>Der Editor-Befehl ist leer.</translation>
    </message>
    <message>
        <source>Could not start &quot;%1&quot;.</source>
        <translation>„%1“ konnte nicht gestartet werden.</translation>
    </message>
</context>
<context>
    <name>TableActions</name>
    <message>
        <source>&amp;Copy Selected Rows</source>
        <translation>Ausgewählte Zeilen &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Export to CSV…</source>
        <translation>Als CSV &amp;exportieren…</translation>
    </message>
    <message>
        <source>Export to CSV</source>
        <translation>Als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV-Dateien (*.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Nothing to export: the table has no rows.</source>
        <translation>Nichts zu exportieren: Die Tabelle hat keine Zeilen.</translation>
    </message>
</context>
<context>
    <name>TimelineModel</name>
    <message>
        <source>Other</source>
        <translation>Sonstige</translation>
    </message>
    <message>
        <source>GPU annotations</source>
        <translation>GPU-Annotationen</translation>
    </message>
    <message>
        <source>Annotations</source>
        <translation>Annotationen</translation>
    </message>
    <message>
        <source>CPU launches</source>
        <translation>CPU-Launches</translation>
    </message>
    <message>
        <source>GPU %1 · stream %2</source>
        <translation>GPU %1 · Stream %2</translation>
    </message>
    <message>
        <source>Stream %1</source>
        <translation>Stream %1</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>Link A and B</source>
        <translation>A und B koppeln</translation>
    </message>
    <message>
        <source>One zoom for both traces; unlinked, each trace zooms and pans on its own</source>
        <translation>Gemeinsamer Zoom für beide Traces; entkoppelt wird jeder Trace einzeln gezoomt und verschoben</translation>
    </message>
    <message>
        <source>Where time 0 lies on each trace</source>
        <translation>Wo auf jedem Trace der Zeitpunkt 0 liegt</translation>
    </message>
    <message>
        <source>CPU launches and annotations</source>
        <translation>CPU-Launches, Annotationen</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>The previous zoom (Backspace, Alt+Left)</source>
        <translation>Zur vorigen Zoomstufe (Rücktaste, Alt+Links)</translation>
    </message>
    <message>
        <source>Fit selection</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Zoom to the selected range or kernel (F)</source>
        <translation>Auf den ausgewählten Bereich oder Kernel zoomen (F)</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Show everything (Home)</source>
        <translation>Alles anzeigen (Pos1)</translation>
    </message>
    <message>
        <source>Align:</source>
        <translation>Ausrichten:</translation>
    </message>
    <message>
        <source>Wheel: zoom · drag: pan · Shift-drag: select · W/S A/D F Home</source>
        <translation>Rad: Zoom · Ziehen: Verschieben · Umschalt+Ziehen: Auswahl · W/S A/D F Pos1</translation>
    </message>
    <message>
        <source>Trace starts</source>
        <translation>Trace-Anfänge</translation>
    </message>
    <message>
        <source>Layer pair %1 %2</source>
        <translation>Schichtpaar %1 %2</translation>
    </message>
    <message>
        <source>The previous highlighted kernel (P)</source>
        <translation>Vorheriger hervorgehobener Kernel (P)</translation>
    </message>
    <message>
        <source>The next highlighted kernel (N)</source>
        <translation>Nächster hervorgehobener Kernel (N)</translation>
    </message>
    <message>
        <source>Search layers</source>
        <translation>Schichten suchen</translation>
    </message>
</context>
<context>
    <name>TimelineWidget</name>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Trace %1</source>
        <translation>Trace %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Shift-drag to select a range: kernel count, busy time and top operations per trace.</source>
        <translation>Wählen Sie mit Umschalt+Ziehen einen Bereich: Kernel-Anzahl, aktive GPU-Zeit und wichtigste Operationen je Trace.</translation>
    </message>
    <message>
        <source>Range %1</source>
        <translation>Bereich %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n kernel(s), busy %2%3</source>
        <translation>
            <numerusform>%1: %n Kernel, aktiv %2%3</numerusform>
            <numerusform>%1: %n Kernel, aktiv %2%3</numerusform>
        </translation>
    </message>
    <message>
        <source> — </source>
        <translation> – </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Layer %2 of pass %3&lt;br&gt;%4 kernel(s), GPU time %5&lt;br&gt;Span %6&lt;br&gt;&lt;i&gt;Click to select it in the layer table&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Schicht %2 von Durchlauf %3&lt;br&gt;%4 Kernel, GPU-Zeit %5&lt;br&gt;Zeitspanne %6&lt;br&gt;&lt;i&gt;Klicken Sie, um sie in der Schichttabelle auszuwählen&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Op: %2&lt;br&gt;Duration: %3&lt;br&gt;Stream: %4&lt;br&gt;Layer: %5&lt;br&gt;Source: %6&lt;br&gt;Kernel id: %7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Operation: %2&lt;br&gt;Dauer: %3&lt;br&gt;Stream: %4&lt;br&gt;Schicht: %5&lt;br&gt;Quelle: %6&lt;br&gt;Kernel-ID: %7</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;Duration: %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;Dauer: %3</translation>
    </message>
    <message numerus="yes">
        <source>&lt;br&gt;&lt;i&gt;One of %n events merged at this zoom; zoom in to separate them.&lt;/i&gt;</source>
        <translation>
            <numerusform>&lt;br&gt;&lt;i&gt;Eines von %n Ereignissen, die bei dieser Zoomstufe zusammengefasst sind; zoomen Sie hinein, um sie zu trennen.&lt;/i&gt;</numerusform>
            <numerusform>&lt;br&gt;&lt;i&gt;Eines von %n Ereignissen, die bei dieser Zoomstufe zusammengefasst sind; zoomen Sie hinein, um sie zu trennen.&lt;/i&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>  (%n kernel(s))</source>
        <translation>
            <numerusform>  (%n Kernel)</numerusform>
            <numerusform>  (%n Kernel)</numerusform>
        </translation>
    </message>
    <message>
        <source>  (no trace)</source>
        <translation>  (kein Trace)</translation>
    </message>
    <message>
        <source>Time from layer pair %1</source>
        <translation>Zeit ab Schichtpaar %1</translation>
    </message>
    <message>
        <source>Time from first kernel</source>
        <translation>Zeit ab dem ersten Kernel</translation>
    </message>
    <message>
        <source>frame %1 ms</source>
        <translation>Frame %1 ms</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Operationen</translation>
    </message>
    <message>
        <source>Range %1, %2 kernels only</source>
        <translation>Bereich %1, nur Kernel der Phase %2</translation>
    </message>
    <message>
        <source>Kernel %1 of %2 in %3</source>
        <translation>Kernel %1 von %2 in %3</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) in %1</source>
        <translation>
            <numerusform>%n Kernel in %1</numerusform>
            <numerusform>%n Kernel in %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>  (%n kernel(s), %1 in %2)</source>
        <translation>
            <numerusform>  (%n Kernel, davon %1 in Phase %2)</numerusform>
            <numerusform>  (%n Kernel, davon %1 in Phase %2)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TracePane</name>
    <message>
        <source>Trace A (left)</source>
        <translation>Trace A (links)</translation>
    </message>
    <message>
        <source>Trace B (right)</source>
        <translation>Trace B (rechts)</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Öffnen…</translation>
    </message>
    <message>
        <source>Open trace A</source>
        <translation>Trace A öffnen</translation>
    </message>
    <message>
        <source>Open trace B</source>
        <translation>Trace B öffnen</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Bezeichnung</translation>
    </message>
    <message>
        <source>Platform</source>
        <translation>Plattform</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>Framework</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation>GPU-Zeit</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Warnungen</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s) about %1:</source>
        <translation>
            <numerusform>%n Warnung zu %1:</numerusform>
            <numerusform>%n Warnungen zu %1:</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Trace A</source>
        <translation>Trace A</translation>
    </message>
    <message>
        <source>Trace B</source>
        <translation>Trace B</translation>
    </message>
    <message>
        <source>Drop a trace file here, or click Open…</source>
        <translation>Ziehen Sie eine Trace-Datei hierher oder klicken Sie auf Öffnen…</translation>
    </message>
    <message>
        <source>Could not load this trace:
%1</source>
        <translation>Dieser Trace konnte nicht geladen werden:
%1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>nicht aufgezeichnet</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n name(s))</source>
        <translation>
            <numerusform>%1 (%n Name)</numerusform>
            <numerusform>%1 (%n Namen)</numerusform>
        </translation>
    </message>
    <message>
        <source>Sum of kernel durations; the kernels span %1 of wall time</source>
        <translation>Summe der Kernel-Laufzeiten; die Kernel erstrecken sich über %1 Wall-Clock-Zeit</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>keine gefunden</translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n pass(es)</source>
        <translation>
            <numerusform>%1 in %n Durchlauf</numerusform>
            <numerusform>%1 in %n Durchläufen</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>%1: %2 kernels, span %3, busy %4, idle %5</source>
        <translation>%1: %2 Kernel, Zeitspanne %3, aktiv %4, Leerlauf %5</translation>
    </message>
    <message>
        <source>none: every kernel is analysed</source>
        <translation>keine: alle Kernel werden analysiert</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s); the whole file is analysed</source>
        <translation>
            <numerusform>%n Schritt; die ganze Datei wird analysiert</numerusform>
            <numerusform>%n Schritte; die ganze Datei wird analysiert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s): %1 of %2 kernels analysed</source>
        <translation>
            <numerusform>%n Schritt: %1 von %2 Kerneln analysiert</numerusform>
            <numerusform>%n Schritte: %1 von %2 Kerneln analysiert</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 kernels outside the scope are left out (toolbar: Scope)</source>
        <translation>%1 Kernel außerhalb des Umfangs bleiben unberücksichtigt (Werkzeugleiste: Umfang)</translation>
    </message>
    <message>
        <source>%1 · %2 kernels · %3 · %4 layers</source>
        <translation>%1 · %2 Kernel · %3 · %4 Schichten</translation>
    </message>
    <message>
        <source>The rank of the distributed run shown on this side; another one is loaded and compared again</source>
        <translation>Der Rang des verteilten Laufs, der auf dieser Seite gezeigt wird; ein anderer wird geladen und erneut verglichen</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rang %1</translation>
    </message>
    <message>
        <source>%1
rank from its distributedInfo.rank field</source>
        <translation>%1
Rang aus dem Feld distributedInfo.rank</translation>
    </message>
    <message>
        <source>%1
rank from its file name</source>
        <translation>%1
Rang aus dem Dateinamen</translation>
    </message>
    <message>
        <source>%1
rank unknown</source>
        <translation>%1
Rang unbekannt</translation>
    </message>
</context>
<context>
    <name>TriagePage</name>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Fusion families</source>
        <translation>Fusionsfamilien</translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation>Überlappung</translation>
    </message>
    <message>
        <source>Trace:</source>
        <translation>Trace:</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
    <message>
        <source>Trace %1 is not loaded.</source>
        <translation>Trace %1 ist nicht geladen.</translation>
    </message>
    <message>
        <source>Activate a row to find its kernels in the kernel comparison table.</source>
        <translation>Doppelklicken Sie auf eine Zeile, um ihre Kernel in der Kernel-Vergleichstabelle zu finden.</translation>
    </message>
    <message>
        <source>Kernels (%1)</source>
        <translation>Kernel (%1)</translation>
    </message>
    <message>
        <source>Fusion families (%1)</source>
        <translation>Fusionsfamilien (%1)</translation>
    </message>
    <message>
        <source>Overlap (%1)</source>
        <translation>Überlappung (%1)</translation>
    </message>
    <message>
        <source>Looking for fusion families and overlap in trace %1…</source>
        <translation>Fusionsfamilien und Überlappung in Trace %1 werden gesucht…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Run the triage</source>
        <translation>Triage starten</translation>
    </message>
    <message>
        <source>Stop looking for fusion families and overlap in this trace</source>
        <translation>Die Suche nach Fusionsfamilien und Überlappung in diesem Trace abbrechen</translation>
    </message>
    <message>
        <source>The triage of trace %1 was cancelled.</source>
        <translation>Die Triage von Trace %1 wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The triage of trace %1 could not be completed.</source>
        <translation>Die Triage von Trace %1 konnte nicht abgeschlossen werden.</translation>
    </message>
</context>
<context>
    <name>TriageTableModel</name>
    <message>
        <source>%1 (%2 of the time)</source>
        <translation>%1 (%2 der Zeit)</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Kategorie</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Summe</translation>
    </message>
    <message>
        <source>Avg</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Min</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Top source location</source>
        <translation>Häufigste Quelltextstelle</translation>
    </message>
    <message>
        <source>Sites</source>
        <translation>Stellen</translation>
    </message>
    <message>
        <source>Share of the stage&apos;s kernel time</source>
        <translation>Anteil an der Kernel-Zeit der Phase</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>prefill</source>
        <translation>prefill</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>decode</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>outside the steps</source>
        <translation>außerhalb der Schritte</translation>
    </message>
</context>
<context>
    <name>WhatIfText</name>
    <message>
        <source>If %1 fused like %2</source>
        <translation>Wenn %1 wie %2 fusionieren würde</translation>
    </message>
    <message>
        <source>If %1&apos;s kernels ran at %2&apos;s speed</source>
        <translation>Wenn die Kernel von %1 so schnell liefen wie auf %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 does no fusion that %3 lacks.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 fusioniert nichts, was %3 nicht auch fusioniert.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 would take %3, %4, %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;: %2 bräuchte %3, %4, %5</translation>
    </message>
    <message>
        <source>Fused like the other side: each of its fusions replaces this side&apos;s unfused kernels by the fused kernel&apos;s cost there, scaled by this side&apos;s time over the other&apos;s for that operation&apos;s paired kernels (a fusion that would cost more is left out). At the other side&apos;s speed: every paired kernel takes its counterpart&apos;s time, so operations this side runs faster get slower; fusions and extra work stay. Either way the busy time is assumed to change by the kernel time saved.</source>
        <translation>Fusioniert wie die andere Seite: Jede ihrer Fusionen ersetzt die nicht fusionierten Kernel dieser Seite durch die Kosten des fusionierten Kernels dort, skaliert mit dem Verhältnis der Zeit dieser Seite zu der der anderen Seite für die gepaarten Kernel dieser Operation (eine Fusion, die mehr kosten würde, entfällt). Mit der Geschwindigkeit der anderen Seite: Jeder gepaarte Kernel braucht so lange wie sein Gegenstück, Operationen, die diese Seite schneller ausführt, werden also langsamer; Fusionen und Mehraufwand bleiben. In beiden Fällen wird angenommen, dass sich die aktive GPU-Zeit um die eingesparte Kernel-Zeit ändert.</translation>
    </message>
</context>
</TS>
