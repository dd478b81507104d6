<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>BackgroundJob</name>
    <message>
        <source>out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChartPage</name>
    <message>
        <source>GPU time per operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the gap comes from (waterfall)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace loaded</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Compare two PyTorch-profiler traces and find kernel fusions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label of trace A.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label of trace B.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage to compare: prefill, decode or all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interface language: en, de, zh_CN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save a picture of the window once the traces are analysed and compared, then exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file.png</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window size, e.g. 1440x900.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WxH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace shown on the left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace shown on the right.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most two traces (A and B), got %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown stage &quot;%1&quot; (prefill, decode, all).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bad window size &quot;%1&quot; (use WxH, e.g. 1440x900).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the seconds from start until the traces are analysed, compared and shown, and the peak memory, then exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--time-to-first-view needs a trace to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--time-to-first-view and --screenshot cannot be combined.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View to show: timeline, kernels, layers, fusion, findings, chart, gap, triage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown view &quot;%1&quot; (timeline, kernels, layers, fusion, findings, chart, gap, triage).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EvidenceText</name>
    <message numerus="yes">
        <source>%1 of %n compared layer(s)</source>
        <translation>
            <numerusform>%1 of %n compared layer</numerusform>
            <numerusform>%1 of %n compared layers</numerusform>
        </translation>
    </message>
    <message>
        <source>%1× in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 runs %n kernel(s) where %2 runs %3 (%4), %5.</source>
        <translation>
            <numerusform>%1 runs one kernel where %2 runs %3 (%4), %5.</numerusform>
            <numerusform>%1 runs %n kernels where %2 runs %3 (%4), %5.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 runs %2 (%3) where %4 runs no such op, %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs %2 kernels that have no counterpart in %3 and no CPU-side evidence says why, %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>split inside one op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>op fused away</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>named fused kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>many kernels to one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fused kernel by name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count imbalance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>op chain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FamilyTableModel</name>
    <message>
        <source>fused kernel runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pieces run separately</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fusion family</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Related time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source locations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rationale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mixed: partly fused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2 instance(s) run the fused kernel (%3), %4 run the pieces separately (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fused instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split instances</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FindingsPage</name>
    <message>
        <source>Comparing the traces…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load trace A and trace B to compare them: the findings appear here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FindingsReport</name>
    <message>
        <source>slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>similar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FusionScope comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fusion differences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No fusion differences found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — fused by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time at stake:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 (unfused runs %3, fused kernels %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fused kernel:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unfused pieces:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels one side runs with no counterpart and no fused kernel on the other side.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexplained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modules with more kernels per call on one side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A kernels/call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B kernels/call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fused by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>impact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowest operations (B relative to A)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B/A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status rule: B is slower when B/A &gt; 1.1, faster when B/A &lt; 0.9, else similar.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers with the largest gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the gap between the traces comes from: Chart tab, waterfall.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FusionPage</name>
    <message>
        <source>The traces show no fusion differences.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fusion patterns appear once trace A and trace B are compared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra work: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FusionTreeModel</name>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fused kernels in %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unfused components in %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source locations (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
(no matching kernel in this trace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Activate to select it in the kernel table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Activate to open the file, or to see the stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fused in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Methods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time at stake</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saves %1: the unfused runs take %2 in %3, the fused kernels %4 in %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels in %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra work: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only B: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only A: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such op on the other side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexplained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What fusing would save: the unfused runs&apos; time minus the fused kernels&apos; time (for extra work: its time)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GapChartView</name>
    <message>
        <source>Which time the waterfall decomposes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fusion: %1, fused by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>extra work: %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel speed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle in %1 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside the aligned layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>residual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load trace A and trace B to see where the gap between them comes from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU busy time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall time of the profiled window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Windows of the %1 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B takes longer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B takes less time</source>
        <translation type="unfinished"></translation>
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
Click to select its kernel</numerusform>
            <numerusform>%1
B − A: %2
%3 → %4
Click to select its %n kernels</numerusform>
        </translation>
    </message>
    <message>
        <source>Where the gap comes from: %1 → %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU busy time (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall time (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time in the layers&apos; windows (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds %2 profiler steps, %3 holds %4: each total covers its own steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What if (GPU busy time):</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KernelPage</name>
    <message>
        <source>Filter by kernel name or operation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Demangle names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All operations</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KernelTableModel</name>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No matching kernel in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Avg A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Avg B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ B−A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B/A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time of %1 minus %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time of %1 divided by %2; red: B slower, green: B faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is slower: %2 the GPU time of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is faster: %2 the GPU time of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per profiler step: %1 holds %2 steps, %3 holds %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LayerTableModel</name>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (pass %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No matching layer in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Δ B−A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B/A</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FusionScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fusion patterns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Trace &amp;A…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Trace &amp;B…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent as A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open R&amp;ecent as B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Swap A and B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exchange trace A and trace B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Table to CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Demangle Kernel Names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Configure FusionScope…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About FusionScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About FusionScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;FusionScope %1&lt;/h3&gt;&lt;p&gt;Compares two PyTorch-profiler traces — say, one from an NVIDIA GPU and one from an AMD GPU — aligns their layers and kernels, and finds the kernel fusions one side does and the other does not.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare and list only the kernels of one stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace %1 could not be loaded: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading was cancelled. Drop a trace file here, or click Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Trace A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Trace B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aligning layers and looking for fusions…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fusion patterns (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace %1 could not be loaded; open another file to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a second trace to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No kernel of %1 matches this item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1:%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the editor: %1 Check the editor command in the settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source location</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;This file is not on this computer. Add the folder that holds it under Settings → Source folders to open it in your editor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python stack (innermost last):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the trace recorded no stack for this location)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The triage of trace %1 could not be completed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 vs %2 — FusionScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — FusionScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Compared: %n fusion pattern(s), %1 extra-work item(s), %2 aligned layer pairs</source>
        <translation>
            <numerusform>Compared: %n fusion pattern, %1 extra-work item(s), %2 aligned layer pairs</numerusform>
            <numerusform>Compared: %n fusion patterns, %1 extra-work item(s), %2 aligned layer pairs</numerusform>
        </translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Neither trace has a %1 stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No kernel of this part is in the kernel table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace %1 has no %2 phase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace loaded. Open trace A and trace B (File menu, or drop trace files on the panes above) to compare them, or one trace to look at its kernels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing the traces… The kernels are listed once they are paired.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose another stage in the tool bar.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No kernel matches the filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No kernel of these traces runs in the %1 stage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These traces hold no GPU kernels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No layers were found: layers come from repeated module scopes (nn.Module …Layer_N in the Python stacks), else from attention kernels repeating; these traces have neither.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The traces were not compared (the comparison failed or was cancelled); each trace&apos;s kernels are listed on their own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load trace A and trace B to compare them: their fusion differences appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No fusion differences and no extra work: in the aligned layers both traces run matching kernels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A repeats %1 layers, B %2 layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A layer runs %1 kernels in A and %2 in B.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These traces may not run the same model: %1 Fusion findings between them can mislead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fusion patterns (%1 + %2 extra work)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traces: PyTorch profiler, rocprofv3 JSON, Nsight Systems SQLite (%1);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OpChartView</name>
    <message numerus="yes">
        <source>%n other operation(s)</source>
        <translation>
            <numerusform>%n other operation</numerusform>
            <numerusform>%n other operations</numerusform>
        </translation>
    </message>
    <message>
        <source>No kernels to chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time per operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time per profiler step (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time per profiler step (µs)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OverlapTableModel</name>
    <message>
        <source>Overlaps most with %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exclusive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exclusive %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dependency risk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source location</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time during which no kernel runs on another stream</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PerfettoExporter</name>
    <message>
        <source>Export for &amp;Perfetto…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the traces, their aligned layers and the findings as a Chrome trace (JSON) for Perfetto UI or chrome://tracing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perfetto export %p%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the Perfetto export; no file is left behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Perfetto export failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n event</numerusform>
            <numerusform>%n events</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n arrow(s)</source>
        <translation>
            <numerusform>%n arrow</numerusform>
            <numerusform>%n arrows</numerusform>
        </translation>
    </message>
    <message>
        <source>Export for Perfetto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json.gz *.json)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Results</name>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScopeSelector</name>
    <message>
        <source>Which kernels every table, finding and chart covers: those of whole profiler steps (ProfilerStep#N: the tail of an iteration the profiler caught only in part is left out), every kernel of the file, or one step. Traces without steps are always analysed whole.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Editor command:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} and {line} are replaced, e.g. &quot;code -g {file}:{line}&quot;, &quot;kate {file} --line {line}&quot; or &quot;xdg-open {file}&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One folder per line, e.g. a checkout of the model&apos;s code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Source folders:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Takes effect when FusionScope starts again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in registry only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel registry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel &amp;registry:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read before the built-in registry; its patterns win.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SourceOpener</name>
    <message>
        <source>The editor command is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TableActions</name>
    <message>
        <source>&amp;Copy Selected Rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export to CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export to CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to export: the table has no rows.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineModel</name>
    <message>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU annotations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Annotations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU %1 · stream %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>Link A and B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One zoom for both traces; unlinked, each trace zooms and pans on its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where time 0 lies on each trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU launches and annotations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The previous zoom (Backspace, Alt+Left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom to the selected range or kernel (F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show everything (Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Align:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheel: zoom · drag: pan · Shift-drag: select · W/S A/D F Home</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer pair %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The previous highlighted kernel (P)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The next highlighted kernel (N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search layers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineWidget</name>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift-drag to select a range: kernel count, busy time and top operations per trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n kernel(s), busy %2%3</source>
        <translation>
            <numerusform>%1: %n kernel, busy %2%3</numerusform>
            <numerusform>%1: %n kernels, busy %2%3</numerusform>
        </translation>
    </message>
    <message>
        <source> — </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Layer %2 of pass %3&lt;br&gt;%4 kernel(s), GPU time %5&lt;br&gt;Span %6&lt;br&gt;&lt;i&gt;Click to select it in the layer table&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Op: %2&lt;br&gt;Duration: %3&lt;br&gt;Stream: %4&lt;br&gt;Layer: %5&lt;br&gt;Source: %6&lt;br&gt;Kernel id: %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;Duration: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;br&gt;&lt;i&gt;One of %n events merged at this zoom; zoom in to separate them.&lt;/i&gt;</source>
        <translation>
            <numerusform>&lt;br&gt;&lt;i&gt;One of %n event merged at this zoom; zoom in to separate them.&lt;/i&gt;</numerusform>
            <numerusform>&lt;br&gt;&lt;i&gt;One of %n events merged at this zoom; zoom in to separate them.&lt;/i&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>  (%n kernel(s))</source>
        <translation>
            <numerusform>  (%n kernel)</numerusform>
            <numerusform>  (%n kernels)</numerusform>
        </translation>
    </message>
    <message>
        <source>  (no trace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time from layer pair %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time from first kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frame %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Range %1, %2 kernels only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel %1 of %2 in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) in %1</source>
        <translation>
            <numerusform>%n kernel in %1</numerusform>
            <numerusform>%n kernels in %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>  (%n kernel(s), %1 in %2)</source>
        <translation>
            <numerusform>  (%n kernel, %1 in %2)</numerusform>
            <numerusform>  (%n kernels, %1 in %2)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TracePane</name>
    <message>
        <source>Trace A (left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace B (right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open trace A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open trace B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Platform</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Framework</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s) about %1:</source>
        <translation>
            <numerusform>%n warning about %1:</numerusform>
            <numerusform>%n warnings about %1:</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop a trace file here, or click Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load this trace:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n name(s))</source>
        <translation>
            <numerusform>%1 (%n name)</numerusform>
            <numerusform>%1 (%n names)</numerusform>
        </translation>
    </message>
    <message>
        <source>Sum of kernel durations; the kernels span %1 of wall time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none found</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n pass(es)</source>
        <translation>
            <numerusform>%1 in %n pass</numerusform>
            <numerusform>%1 in %n passes</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 kernels, span %3, busy %4, idle %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: every kernel is analysed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n step(s); the whole file is analysed</source>
        <translation>
            <numerusform>%n step; the whole file is analysed</numerusform>
            <numerusform>%n steps; the whole file is analysed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s): %1 of %2 kernels analysed</source>
        <translation>
            <numerusform>%n step: %1 of %2 kernels analysed</numerusform>
            <numerusform>%n steps: %1 of %2 kernels analysed</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 kernels outside the scope are left out (toolbar: Scope)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 kernels · %3 · %4 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rank of the distributed run shown on this side; another one is loaded and compared again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
rank from its distributedInfo.rank field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
rank from its file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
rank unknown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TriagePage</name>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fusion families</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace %1 is not loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activate a row to find its kernels in the kernel comparison table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fusion families (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for fusion families and overlap in trace %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the triage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop looking for fusion families and overlap in this trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The triage of trace %1 was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The triage of trace %1 could not be completed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TriageTableModel</name>
    <message>
        <source>%1 (%2 of the time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Avg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top source location</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sites</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the stage&apos;s kernel time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>prefill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside the steps</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WhatIfText</name>
    <message>
        <source>If %1 fused like %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If %1&apos;s kernels ran at %2&apos;s speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 does no fusion that %3 lacks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 would take %3, %4, %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fused like the other side: each of its fusions replaces this side&apos;s unfused kernels by the fused kernel&apos;s cost there, scaled by this side&apos;s time over the other&apos;s for that operation&apos;s paired kernels (a fusion that would cost more is left out). At the other side&apos;s speed: every paired kernel takes its counterpart&apos;s time, so operations this side runs faster get slower; fusions and extra work stay. Either way the busy time is assumed to change by the kernel time saved.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
