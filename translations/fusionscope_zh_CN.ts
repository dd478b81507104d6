<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BackgroundJob</name>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>unexpected error</source>
        <translation>意外错误</translation>
    </message>
</context>
<context>
    <name>ChartPage</name>
    <message>
        <source>GPU time per operation</source>
        <translation>各操作的 GPU 时间</translation>
    </message>
    <message>
        <source>Where the gap comes from (waterfall)</source>
        <translation>差距从何而来（瀑布图）</translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <source>No trace loaded</source>
        <translation>未加载跟踪</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Compare two PyTorch-profiler traces and find kernel fusions.</source>
        <translation>比较两个 PyTorch Profiler 跟踪文件并找出内核融合。</translation>
    </message>
    <message>
        <source>Label of trace A.</source>
        <translation>跟踪 A 的标签。</translation>
    </message>
    <message>
        <source>label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Label of trace B.</source>
        <translation>跟踪 B 的标签。</translation>
    </message>
    <message>
        <source>Stage to compare: prefill, decode or all.</source>
        <translation>要比较的阶段：prefill、decode 或 all。</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Interface language: en, de, zh_CN.</source>
        <translation>界面语言：en、de、zh_CN。</translation>
    </message>
    <message>
        <source>language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Save a picture of the window once the traces are analysed and compared, then exit.</source>
        <translation>在跟踪分析和比较完成后保存窗口截图，然后退出。</translation>
    </message>
    <message>
        <source>file.png</source>
        <translation>文件.png</translation>
    </message>
    <message>
        <source>view</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>Window size, e.g. 1440x900.</source>
        <translation>窗口大小，例如 1440x900。</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>宽x高</translation>
    </message>
    <message>
        <source>Trace shown on the left.</source>
        <translation>显示在左侧的跟踪。</translation>
    </message>
    <message>
        <source>Trace shown on the right.</source>
        <translation>显示在右侧的跟踪。</translation>
    </message>
    <message>
        <source>At most two traces (A and B), got %1.</source>
        <translation>最多两个跟踪（A 和 B），实际得到 %1 个。</translation>
    </message>
    <message>
        <source>Unknown stage &quot;%1&quot; (prefill, decode, all).</source>
        <translation>未知阶段“%1”（prefill、decode、all）。</translation>
    </message>
    <message>
        <source>Bad window size &quot;%1&quot; (use WxH, e.g. 1440x900).</source>
        <translation>无效的窗口大小“%1”（请使用 宽x高，例如 1440x900）。</translation>
    </message>
    <message>
        <source>Print the seconds from start until the traces are analysed, compared and shown, and the peak memory, then exit.</source>
        <translation>输出从启动到跟踪分析、比较并显示完成所用的秒数以及峰值内存，然后退出。</translation>
    </message>
    <message>
        <source>--time-to-first-view needs a trace to show.</source>
        <translation>--time-to-first-view 需要一个要显示的跟踪。</translation>
    </message>
    <message>
        <source>--time-to-first-view and --screenshot cannot be combined.</source>
        <translation>--time-to-first-view 和 --screenshot 不能同时使用。</translation>
    </message>
    <message>
        <source>View to show: timeline, kernels, layers, fusion, findings, chart, gap, triage.</source>
        <translation>要显示的视图：timeline、kernels、layers、fusion、findings、chart、gap、triage。</translation>
    </message>
    <message>
        <source>Unknown view &quot;%1&quot; (timeline, kernels, layers, fusion, findings, chart, gap, triage).</source>
        <translation>未知视图“%1”（timeline、kernels、layers、fusion、findings、chart、gap、triage）。</translation>
    </message>
</context>
<context>
    <name>EvidenceText</name>
    <message numerus="yes">
        <source>%1 of %n compared layer(s)</source>
        <translation>
            <numerusform>%n 个比较层中的 %1 个</numerusform>
        </translation>
    </message>
    <message>
        <source>%1× in %2</source>
        <translation>%1 次，位于 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 runs %n kernel(s) where %2 runs %3 (%4), %5.</source>
        <translation>
            <numerusform>%1 运行 %n 个内核，而 %2 运行 %3 个（%4），%5。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 runs %2 (%3) where %4 runs no such op, %5.</source>
        <translation>%1 运行 %2（%3），而 %4 没有这样的操作，%5。</translation>
    </message>
    <message>
        <source>%1 runs %2 kernels that have no counterpart in %3 and no CPU-side evidence says why, %4.</source>
        <translation>%1 运行的 %2 内核在 %3 中没有对应项，CPU 侧也没有说明原因的证据，%4。</translation>
    </message>
    <message>
        <source>split inside one op</source>
        <translation>同一操作内拆分</translation>
    </message>
    <message>
        <source>op fused away</source>
        <translation>操作被融合掉</translation>
    </message>
    <message>
        <source>named fused kernel</source>
        <translation>具名融合内核</translation>
    </message>
    <message>
        <source>many kernels to one</source>
        <translation>多个内核合为一个</translation>
    </message>
    <message>
        <source>fused kernel by name</source>
        <translation>按名称识别的融合内核</translation>
    </message>
    <message>
        <source>kernel sequence</source>
        <translation>内核序列</translation>
    </message>
    <message>
        <source>count imbalance</source>
        <translation>数量不平衡</translation>
    </message>
    <message>
        <source>op chain</source>
        <translation>操作链</translation>
    </message>
    <message>
        <source>%1, %2 of %3</source>
        <translation>%1，占 %3 的 %2</translation>
    </message>
</context>
<context>
    <name>FamilyTableModel</name>
    <message>
        <source>fused kernel runs</source>
        <translation>融合内核已运行</translation>
    </message>
    <message>
        <source>pieces run separately</source>
        <translation>各部分分别运行</translation>
    </message>
    <message>
        <source>Confirmed</source>
        <translation>已确认</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Fusion family</source>
        <translation>融合族</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Related time</source>
        <translation>相关时间</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Evidence kernels</source>
        <translation>证据内核</translation>
    </message>
    <message>
        <source>Source locations</source>
        <translation>源码位置</translation>
    </message>
    <message>
        <source>Rationale</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>mixed: partly fused</source>
        <translation>混合：部分融合</translation>
    </message>
    <message>
        <source>%1
%2 instance(s) run the fused kernel (%3), %4 run the pieces separately (%5)</source>
        <translation>%1
%2 个实例运行融合内核（%3），%4 个实例分开运行各部分（%5）</translation>
    </message>
    <message>
        <source>Fused instances</source>
        <translation>融合实例</translation>
    </message>
    <message>
        <source>Split instances</source>
        <translation>拆分实例</translation>
    </message>
</context>
<context>
    <name>FindingsPage</name>
    <message>
        <source>Comparing the traces…</source>
        <translation>正在比较跟踪…</translation>
    </message>
    <message>
        <source>Load trace A and trace B to compare them: the findings appear here.</source>
        <translation>加载跟踪 A 和跟踪 B 以进行比较：发现将显示在这里。</translation>
    </message>
</context>
<context>
    <name>FindingsReport</name>
    <message>
        <source>slower</source>
        <translation>更慢</translation>
    </message>
    <message>
        <source>faster</source>
        <translation>更快</translation>
    </message>
    <message>
        <source>similar</source>
        <translation>相近</translation>
    </message>
    <message>
        <source>only A</source>
        <translation>仅 A</translation>
    </message>
    <message>
        <source>only B</source>
        <translation>仅 B</translation>
    </message>
    <message>
        <source>FusionScope comparison</source>
        <translation>FusionScope 比较</translation>
    </message>
    <message>
        <source>trace</source>
        <translation>跟踪</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation>GPU 时间</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Fusion differences</source>
        <translation>融合差异</translation>
    </message>
    <message>
        <source>No fusion differences found.</source>
        <translation>未发现融合差异。</translation>
    </message>
    <message>
        <source>%1 — fused by %2</source>
        <translation>%1 — 由 %2 融合</translation>
    </message>
    <message>
        <source>Time at stake:</source>
        <translation>可节省时间：</translation>
    </message>
    <message>
        <source>%1 on %2 (unfused runs %3, fused kernels %4)</source>
        <translation>%2 上 %1（未融合运行 %3，融合内核 %4）</translation>
    </message>
    <message>
        <source>Confidence:</source>
        <translation>置信度：</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>依据：</translation>
    </message>
    <message>
        <source>Fused kernel:</source>
        <translation>融合内核：</translation>
    </message>
    <message>
        <source>Unfused pieces:</source>
        <translation>未融合部分：</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>源代码位置：</translation>
    </message>
    <message>
        <source>Extra work</source>
        <translation>额外工作</translation>
    </message>
    <message>
        <source>Kernels one side runs with no counterpart and no fused kernel on the other side.</source>
        <translation>一侧运行、而另一侧既无对应内核也无融合内核的内核。</translation>
    </message>
    <message>
        <source>runs it</source>
        <translation>运行方</translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation>CPU 操作</translation>
    </message>
    <message>
        <source>operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>unexplained</source>
        <translation>原因不明</translation>
    </message>
    <message>
        <source>Modules with more kernels per call on one side</source>
        <translation>一侧每次调用内核更多的模块</translation>
    </message>
    <message>
        <source>module</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>A kernels/call</source>
        <translation>A 每次调用内核数</translation>
    </message>
    <message>
        <source>B kernels/call</source>
        <translation>B 每次调用内核数</translation>
    </message>
    <message>
        <source>fused by</source>
        <translation>融合方</translation>
    </message>
    <message>
        <source>impact</source>
        <translation>影响</translation>
    </message>
    <message>
        <source>speed gap</source>
        <translation>速度差</translation>
    </message>
    <message>
        <source>Slowest operations (B relative to A)</source>
        <translation>最慢的操作（B 相对于 A）</translation>
    </message>
    <message>
        <source>A count</source>
        <translation>A 次数</translation>
    </message>
    <message>
        <source>B count</source>
        <translation>B 次数</translation>
    </message>
    <message>
        <source>A time</source>
        <translation>A 时间</translation>
    </message>
    <message>
        <source>B time</source>
        <translation>B 时间</translation>
    </message>
    <message>
        <source>B/A</source>
        <translation>B/A</translation>
    </message>
    <message>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Status rule: B is slower when B/A &gt; 1.1, faster when B/A &lt; 0.9, else similar.</source>
        <translation>规则：B/A &gt; 1.1 时 B 更慢，B/A &lt; 0.9 时更快，否则相近。</translation>
    </message>
    <message>
        <source>Layers with the largest gap</source>
        <translation>差距最大的层</translation>
    </message>
    <message>
        <source>A layer</source>
        <translation>A 层</translation>
    </message>
    <message>
        <source>B layer</source>
        <translation>B 层</translation>
    </message>
    <message>
        <source>Where the gap between the traces comes from: Chart tab, waterfall.</source>
        <translation>两个跟踪之间的差距来自何处：见“图表”标签页的瀑布图。</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
</context>
<context>
    <name>FusionPage</name>
    <message>
        <source>The traces show no fusion differences.</source>
        <translation>这两个跟踪没有融合差异。</translation>
    </message>
    <message>
        <source>Fusion patterns appear once trace A and trace B are compared.</source>
        <translation>比较跟踪 A 和跟踪 B 后，融合模式将显示在这里。</translation>
    </message>
    <message>
        <source>Extra work: %1</source>
        <translation>额外工作：%1</translation>
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
        <translation>%1 中的融合内核（%2）</translation>
    </message>
    <message>
        <source>Unfused components in %1 (%2)</source>
        <translation>%1 中未融合的组成部分（%2）</translation>
    </message>
    <message>
        <source>Source locations (%1)</source>
        <translation>源码位置（%1）</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>%1
(no matching kernel in this trace)</source>
        <translation>%1
（此跟踪中没有匹配的内核）</translation>
    </message>
    <message>
        <source>%1
Activate to select it in the kernel table</source>
        <translation>%1
激活以在内核表中选中它</translation>
    </message>
    <message>
        <source>%1
Activate to open the file, or to see the stack</source>
        <translation>%1
激活以打开文件或查看调用栈</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Fused in</source>
        <translation>融合于</translation>
    </message>
    <message>
        <source>Methods</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Time at stake</source>
        <translation>涉及时间</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Saves %1: the unfused runs take %2 in %3, the fused kernels %4 in %5</source>
        <translation>可节省 %1：未融合的内核在 %3 中耗时 %2，融合内核在 %5 中耗时 %4</translation>
    </message>
    <message>
        <source>Kernels in %1 (%2)</source>
        <translation>%1 中的内核（%2）</translation>
    </message>
    <message>
        <source>Extra work: %1</source>
        <translation>额外工作：%1</translation>
    </message>
    <message>
        <source>only B: %1</source>
        <translation>仅 B：%1</translation>
    </message>
    <message>
        <source>only A: %1</source>
        <translation>仅 A：%1</translation>
    </message>
    <message>
        <source>no such op on the other side</source>
        <translation>另一侧没有此操作</translation>
    </message>
    <message>
        <source>unexplained</source>
        <translation>无法解释</translation>
    </message>
    <message>
        <source>What fusing would save: the unfused runs&apos; time minus the fused kernels&apos; time (for extra work: its time)</source>
        <translation>融合可节省的时间：未融合内核的时间减去融合内核的时间（额外工作：其自身时间）</translation>
    </message>
</context>
<context>
    <name>GapChartView</name>
    <message>
        <source>Which time the waterfall decomposes</source>
        <translation>瀑布图分解的是哪种时间</translation>
    </message>
    <message>
        <source>Measure:</source>
        <translation>度量：</translation>
    </message>
    <message>
        <source>fusion: %1, fused by %2</source>
        <translation>融合：%1，由 %2 融合</translation>
    </message>
    <message>
        <source>extra work: %1 on %2</source>
        <translation>额外工作：%2 上的 %1</translation>
    </message>
    <message>
        <source>kernel speed: %1</source>
        <translation>内核速度：%1</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>idle in %1 layers</source>
        <translation>%1 层中的空闲</translation>
    </message>
    <message>
        <source>outside the aligned layers</source>
        <translation>对齐层之外</translation>
    </message>
    <message>
        <source>residual</source>
        <translation>残差</translation>
    </message>
    <message>
        <source>Load trace A and trace B to see where the gap between them comes from</source>
        <translation>加载跟踪 A 和跟踪 B，查看二者差距从何而来</translation>
    </message>
    <message>
        <source>GPU busy time</source>
        <translation>GPU 忙碌时间</translation>
    </message>
    <message>
        <source>Wall time of the profiled window</source>
        <translation>采集窗口的墙钟时间</translation>
    </message>
    <message>
        <source>Windows of the %1 layers</source>
        <translation>%1 层的时间窗口</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>B takes longer</source>
        <translation>B 耗时更长</translation>
    </message>
    <message>
        <source>B takes less time</source>
        <translation>B 耗时更短</translation>
    </message>
    <message numerus="yes">
        <source>%1
B − A: %2
%3 → %4
Click to select its %n kernel(s)</source>
        <translation>
            <numerusform>%1
B − A：%2
%3 → %4
点击选择其 %n 个内核</numerusform>
        </translation>
    </message>
    <message>
        <source>Where the gap comes from: %1 → %2 (%3)</source>
        <translation>差距从何而来：%1 → %2（%3）</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>微秒</translation>
    </message>
    <message>
        <source>GPU busy time (%1)</source>
        <translation>GPU 忙碌时间（%1）</translation>
    </message>
    <message>
        <source>Wall time (%1)</source>
        <translation>墙钟时间（%1）</translation>
    </message>
    <message>
        <source>Time in the layers&apos; windows (%1)</source>
        <translation>层时间窗口内的时间（%1）</translation>
    </message>
    <message>
        <source>%1 holds %2 profiler steps, %3 holds %4: each total covers its own steps.</source>
        <translation>%1 含 %2 个性能分析步骤，%3 含 %4 个：各总计只覆盖自己的步骤。</translation>
    </message>
    <message>
        <source>What if (GPU busy time):</source>
        <translation>假设分析（GPU 忙碌时间）：</translation>
    </message>
</context>
<context>
    <name>KernelPage</name>
    <message>
        <source>Filter by kernel name or operation…</source>
        <translation>按内核名称或操作筛选…</translation>
    </message>
    <message>
        <source>&amp;Demangle names</source>
        <translation>还原符号名(&amp;D)</translation>
    </message>
    <message>
        <source>Operation:</source>
        <translation>操作：</translation>
    </message>
    <message>
        <source>%1 of %2 rows</source>
        <translation>%2 行中的 %1 行</translation>
    </message>
    <message>
        <source>All operations</source>
        <translation>所有操作</translation>
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
        <translation>%1 中没有匹配的内核</translation>
    </message>
    <message>
        <source>Only in %1</source>
        <translation>仅在 %1 中</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Kernel A</source>
        <translation>内核 A</translation>
    </message>
    <message>
        <source>Kernel B</source>
        <translation>内核 B</translation>
    </message>
    <message>
        <source>Calls A</source>
        <translation>调用 A</translation>
    </message>
    <message>
        <source>Calls B</source>
        <translation>调用 B</translation>
    </message>
    <message>
        <source>Total A</source>
        <translation>总计 A</translation>
    </message>
    <message>
        <source>Total B</source>
        <translation>总计 B</translation>
    </message>
    <message>
        <source>Avg A</source>
        <translation>平均 A</translation>
    </message>
    <message>
        <source>Avg B</source>
        <translation>平均 B</translation>
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
        <translation>%1 的 GPU 时间减去 %2</translation>
    </message>
    <message>
        <source>GPU time of %1 divided by %2; red: B slower, green: B faster</source>
        <translation>%1 的 GPU 时间除以 %2；红色：B 更慢，绿色：B 更快</translation>
    </message>
    <message>
        <source>%1 is slower: %2 the GPU time of %3</source>
        <translation>%1 更慢：GPU 时间是 %3 的 %2</translation>
    </message>
    <message>
        <source>%1 is faster: %2 the GPU time of %3</source>
        <translation>%1 更快：GPU 时间是 %3 的 %2</translation>
    </message>
    <message>
        <source>Per profiler step: %1 holds %2 steps, %3 holds %4</source>
        <translation>按 profiler 步骤计算：%1 含 %2 个步骤，%3 含 %4 个</translation>
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
        <translation>%1（第 %2 遍）</translation>
    </message>
    <message>
        <source>No matching layer in %1</source>
        <translation>%1 中没有匹配的层</translation>
    </message>
    <message>
        <source>#</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Layer A</source>
        <translation>层 A</translation>
    </message>
    <message>
        <source>Layer B</source>
        <translation>层 B</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Kernels A</source>
        <translation>内核数 A</translation>
    </message>
    <message>
        <source>Kernels B</source>
        <translation>内核数 B</translation>
    </message>
    <message>
        <source>Total A</source>
        <translation>总计 A</translation>
    </message>
    <message>
        <source>Total B</source>
        <translation>总计 B</translation>
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
        <translation>比较失败</translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation>比较失败：%1</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Fusion patterns</source>
        <translation>融合模式</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Triage</source>
        <translation>分诊</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open Trace &amp;A…</source>
        <translation>打开跟踪 &amp;A…</translation>
    </message>
    <message>
        <source>Open Trace &amp;B…</source>
        <translation>打开跟踪 &amp;B…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Open A</source>
        <translation>打开 A</translation>
    </message>
    <message>
        <source>Open B</source>
        <translation>打开 B</translation>
    </message>
    <message>
        <source>Open &amp;Recent as A</source>
        <translation>最近打开为 A(&amp;R)</translation>
    </message>
    <message>
        <source>Open R&amp;ecent as B</source>
        <translation>最近打开为 B(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Swap A and B</source>
        <translation>交换 A 和 B(&amp;S)</translation>
    </message>
    <message>
        <source>Swap</source>
        <translation>交换</translation>
    </message>
    <message>
        <source>Exchange trace A and trace B</source>
        <translation>交换跟踪 A 和跟踪 B</translation>
    </message>
    <message>
        <source>&amp;Export Table to CSV…</source>
        <translation>将表格导出为 CSV(&amp;E)…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Demangle Kernel Names</source>
        <translation>还原内核符号名(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Configure FusionScope…</source>
        <translation>配置 FusionScope(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About FusionScope</source>
        <translation>关于 FusionScope(&amp;A)</translation>
    </message>
    <message>
        <source>About FusionScope</source>
        <translation>关于 FusionScope</translation>
    </message>
    <message>
        <source>&lt;h3&gt;FusionScope %1&lt;/h3&gt;&lt;p&gt;Compares two PyTorch-profiler traces — say, one from an NVIDIA GPU and one from an AMD GPU — aligns their layers and kernels, and finds the kernel fusions one side does and the other does not.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;FusionScope %1&lt;/h3&gt;&lt;p&gt;比较两个 PyTorch Profiler 跟踪文件（例如一个来自 NVIDIA GPU，一个来自 AMD GPU），对齐它们的层和内核，并找出一方进行而另一方没有进行的内核融合。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation>阶段：</translation>
    </message>
    <message>
        <source>All stages</source>
        <translation>所有阶段</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>Compare and list only the kernels of one stage</source>
        <translation>只比较并列出某一阶段的内核</translation>
    </message>
    <message>
        <source>Trace %1 could not be loaded: %2</source>
        <translation>无法加载跟踪 %1：%2</translation>
    </message>
    <message>
        <source>Loading was cancelled. Drop a trace file here, or click Open…</source>
        <translation>加载已取消。将跟踪文件拖放到此处，或点击“打开…”</translation>
    </message>
    <message>
        <source>Open Trace A</source>
        <translation>打开跟踪 A</translation>
    </message>
    <message>
        <source>Open Trace B</source>
        <translation>打开跟踪 B</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Aligning layers and looking for fusions…</source>
        <translation>正在对齐层并查找融合…</translation>
    </message>
    <message>
        <source>Kernels (%1)</source>
        <translation>内核（%1）</translation>
    </message>
    <message>
        <source>Layers (%1)</source>
        <translation>层（%1）</translation>
    </message>
    <message>
        <source>Fusion patterns (%1)</source>
        <translation>融合模式（%1）</translation>
    </message>
    <message>
        <source>Trace %1 could not be loaded; open another file to compare.</source>
        <translation>无法加载跟踪 %1；请打开另一个文件进行比较。</translation>
    </message>
    <message>
        <source>Load a second trace to compare.</source>
        <translation>加载第二个跟踪以进行比较。</translation>
    </message>
    <message>
        <source>No kernel of %1 matches this item</source>
        <translation>%1 中没有与此项匹配的内核</translation>
    </message>
    <message>
        <source>Opened %1:%2</source>
        <translation>已打开 %1:%2</translation>
    </message>
    <message>
        <source>Could not open the editor: %1 Check the editor command in the settings.</source>
        <translation>无法打开编辑器：%1 请检查设置中的编辑器命令。</translation>
    </message>
    <message>
        <source>Source location</source>
        <translation>源码位置</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;This file is not on this computer. Add the folder that holds it under Settings → Source folders to open it in your editor.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;此计算机上没有该文件。请在“设置 → 源码文件夹”中添加包含它的文件夹，以便在编辑器中打开。</translation>
    </message>
    <message>
        <source>Python stack (innermost last):</source>
        <translation>Python 调用栈（最内层在最后）：</translation>
    </message>
    <message>
        <source>(the trace recorded no stack for this location)</source>
        <translation>（跟踪中没有记录此位置的调用栈）</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>清除最近文件(&amp;C)</translation>
    </message>
    <message>
        <source>The triage of trace %1 could not be completed: %2</source>
        <translation>无法完成跟踪 %1 的分诊：%2</translation>
    </message>
    <message>
        <source>%1 vs %2 — FusionScope</source>
        <translation>%1 对比 %2 — FusionScope</translation>
    </message>
    <message>
        <source>%1 — FusionScope</source>
        <translation>%1 — FusionScope</translation>
    </message>
    <message numerus="yes">
        <source>Compared: %n fusion pattern(s), %1 extra-work item(s), %2 aligned layer pairs</source>
        <translation>
            <numerusform>已比较：%n 个融合模式，%1 项额外工作，%2 对已对齐的层</numerusform>
        </translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation>范围：</translation>
    </message>
    <message>
        <source>Neither trace has a %1 stage</source>
        <translation>两个跟踪都没有 %1 阶段</translation>
    </message>
    <message>
        <source>No kernel of this part is in the kernel table</source>
        <translation>内核表中没有此部分的内核</translation>
    </message>
    <message>
        <source>Trace %1 has no %2 phase.</source>
        <translation>跟踪 %1 没有 %2 阶段。</translation>
    </message>
    <message>
        <source>Reading the trace…</source>
        <translation>正在读取跟踪…</translation>
    </message>
    <message>
        <source>No trace loaded. Open trace A and trace B (File menu, or drop trace files on the panes above) to compare them, or one trace to look at its kernels.</source>
        <translation>未加载跟踪。打开跟踪 A 和跟踪 B（文件菜单，或将跟踪文件拖到上方面板）以进行比较，或打开一个跟踪查看其内核。</translation>
    </message>
    <message>
        <source>Comparing the traces… The kernels are listed once they are paired.</source>
        <translation>正在比较跟踪…内核配对完成后即会列出。</translation>
    </message>
    <message>
        <source>Choose another stage in the tool bar.</source>
        <translation>请在工具栏中选择其他阶段。</translation>
    </message>
    <message>
        <source>No kernel matches the filter.</source>
        <translation>没有内核匹配该筛选条件。</translation>
    </message>
    <message>
        <source>No kernel of these traces runs in the %1 stage.</source>
        <translation>这些跟踪中没有内核运行在 %1 阶段。</translation>
    </message>
    <message>
        <source>These traces hold no GPU kernels.</source>
        <translation>这些跟踪不含 GPU 内核。</translation>
    </message>
    <message>
        <source>No layers were found: layers come from repeated module scopes (nn.Module …Layer_N in the Python stacks), else from attention kernels repeating; these traces have neither.</source>
        <translation>未找到层：层来自重复的模块范围（Python 栈中的 nn.Module …Layer_N），否则来自重复出现的注意力内核；这些跟踪两者都没有。</translation>
    </message>
    <message>
        <source>The traces were not compared (the comparison failed or was cancelled); each trace&apos;s kernels are listed on their own.</source>
        <translation>跟踪未被比较（比较失败或已取消）；各跟踪的内核分别列出。</translation>
    </message>
    <message>
        <source>Load trace A and trace B to compare them: their fusion differences appear here.</source>
        <translation>加载跟踪 A 和跟踪 B 进行比较：它们的融合差异会显示在这里。</translation>
    </message>
    <message>
        <source>No fusion differences and no extra work: in the aligned layers both traces run matching kernels.</source>
        <translation>没有融合差异，也没有额外工作：在对齐的层中两个跟踪运行相对应的内核。</translation>
    </message>
    <message>
        <source>A repeats %1 layers, B %2 layers.</source>
        <translation>A 重复的是 %1 层，B 重复的是 %2 层。</translation>
    </message>
    <message>
        <source>A layer runs %1 kernels in A and %2 in B.</source>
        <translation>一层在 A 中运行 %1 个内核，在 B 中运行 %2 个。</translation>
    </message>
    <message>
        <source>These traces may not run the same model: %1 Fusion findings between them can mislead.</source>
        <translation>这些跟踪可能运行的不是同一个模型：%1 它们之间的融合结论可能有误导性。</translation>
    </message>
    <message>
        <source>Fusion patterns (%1 + %2 extra work)</source>
        <translation>融合模式（%1 + %2 项额外工作）</translation>
    </message>
    <message>
        <source>Exported %1 (%2)</source>
        <translation>已导出 %1（%2）</translation>
    </message>
    <message>
        <source>Traces: PyTorch profiler, rocprofv3 JSON, Nsight Systems SQLite (%1);;All files (*)</source>
        <translation>跟踪文件：PyTorch Profiler、rocprofv3 JSON、Nsight Systems SQLite (%1);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>OpChartView</name>
    <message numerus="yes">
        <source>%n other operation(s)</source>
        <translation>
            <numerusform>其他 %n 个操作</numerusform>
        </translation>
    </message>
    <message>
        <source>No kernels to chart</source>
        <translation>没有可绘制的内核</translation>
    </message>
    <message>
        <source>GPU time per operation</source>
        <translation>各操作的 GPU 时间</translation>
    </message>
    <message>
        <source>GPU time (ms)</source>
        <translation>GPU 时间（毫秒）</translation>
    </message>
    <message>
        <source>GPU time (µs)</source>
        <translation>GPU 时间（微秒）</translation>
    </message>
    <message>
        <source>GPU time per profiler step (ms)</source>
        <translation>每个 profiler 步骤的 GPU 时间（ms）</translation>
    </message>
    <message>
        <source>GPU time per profiler step (µs)</source>
        <translation>每个 profiler 步骤的 GPU 时间（µs）</translation>
    </message>
</context>
<context>
    <name>OverlapTableModel</name>
    <message>
        <source>Overlaps most with %1 (%2)</source>
        <translation>与 %1 重叠最多（%2）</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Exclusive</source>
        <translation>独占</translation>
    </message>
    <message>
        <source>Hidden</source>
        <translation>被隐藏</translation>
    </message>
    <message>
        <source>Exclusive %</source>
        <translation>独占 %</translation>
    </message>
    <message>
        <source>Dependency risk</source>
        <translation>依赖风险</translation>
    </message>
    <message>
        <source>Source location</source>
        <translation>源码位置</translation>
    </message>
    <message>
        <source>Time during which no kernel runs on another stream</source>
        <translation>没有其他流上的内核在运行的时间</translation>
    </message>
</context>
<context>
    <name>PerfettoExporter</name>
    <message>
        <source>Export for &amp;Perfetto…</source>
        <translation>导出为 &amp;Perfetto 格式…</translation>
    </message>
    <message>
        <source>Write the traces, their aligned layers and the findings as a Chrome trace (JSON) for Perfetto UI or chrome://tracing</source>
        <translation>将跟踪、对齐的层和发现写成 Chrome 跟踪（JSON），供 Perfetto UI 或 chrome://tracing 打开</translation>
    </message>
    <message>
        <source>Perfetto export %p%</source>
        <translation>Perfetto 导出 %p%</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the Perfetto export; no file is left behind</source>
        <translation>停止 Perfetto 导出；不会留下文件</translation>
    </message>
    <message>
        <source>The Perfetto export failed: %1</source>
        <translation>Perfetto 导出失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n 个事件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n arrow(s)</source>
        <translation>
            <numerusform>%n 个箭头</numerusform>
        </translation>
    </message>
    <message>
        <source>Export for Perfetto</source>
        <translation>导出为 Perfetto 格式</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json.gz *.json)</source>
        <translation>Chrome 跟踪 JSON (*.json.gz *.json)</translation>
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
        <translation>每个表格、发现和图表所涵盖的内核：完整 profiler 步骤的内核（ProfilerStep#N：只被部分记录的迭代的尾部不计入）、文件中的所有内核，或单个步骤。没有步骤的跟踪总是整体分析。</translation>
    </message>
    <message>
        <source>Whole steps</source>
        <translation>完整步骤</translation>
    </message>
    <message>
        <source>Whole file</source>
        <translation>整个文件</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>步骤 %1</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>&amp;Editor command:</source>
        <translation>编辑器命令(&amp;E)：</translation>
    </message>
    <message>
        <source>{file} and {line} are replaced, e.g. &quot;code -g {file}:{line}&quot;, &quot;kate {file} --line {line}&quot; or &quot;xdg-open {file}&quot;.</source>
        <translation>{file} 和 {line} 会被替换，例如“code -g {file}:{line}”、“kate {file} --line {line}”或“xdg-open {file}”。</translation>
    </message>
    <message>
        <source>One folder per line, e.g. a checkout of the model&apos;s code</source>
        <translation>每行一个文件夹，例如模型代码的检出目录</translation>
    </message>
    <message>
        <source>&amp;Source folders:</source>
        <translation>源码文件夹(&amp;S)：</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Takes effect when FusionScope starts again.</source>
        <translation>重新启动 FusionScope 后生效。</translation>
    </message>
    <message>
        <source>Built-in registry only</source>
        <translation>仅使用内置注册表</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Kernel registry</source>
        <translation>内核注册表</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml);;All files (*)</source>
        <translation>YAML 文件 (*.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Kernel &amp;registry:</source>
        <translation>内核注册表(&amp;R)：</translation>
    </message>
    <message>
        <source>Read before the built-in registry; its patterns win.</source>
        <translation>在内置注册表之前读取；其模式优先。</translation>
    </message>
</context>
<context>
    <name>SourceOpener</name>
    <message>
        <source>The editor command is empty.</source>
        <translation>编辑器命令为空。</translation>
    </message>
    <message>
        <source>Could not start &quot;%1&quot;.</source>
        <translation>无法启动“%1”。</translation>
    </message>
</context>
<context>
    <name>TableActions</name>
    <message>
        <source>&amp;Copy Selected Rows</source>
        <translation>复制所选行(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Export to CSV…</source>
        <translation>导出为 CSV(&amp;E)…</translation>
    </message>
    <message>
        <source>Export to CSV</source>
        <translation>导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Nothing to export: the table has no rows.</source>
        <translation>没有可导出的内容：表格没有行。</translation>
    </message>
</context>
<context>
    <name>TimelineModel</name>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>GPU annotations</source>
        <translation>GPU 注解</translation>
    </message>
    <message>
        <source>Annotations</source>
        <translation>注解</translation>
    </message>
    <message>
        <source>CPU launches</source>
        <translation>CPU 启动</translation>
    </message>
    <message>
        <source>GPU %1 · stream %2</source>
        <translation>GPU %1 · 流 %2</translation>
    </message>
    <message>
        <source>Stream %1</source>
        <translation>流 %1</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>Link A and B</source>
        <translation>联动 A 和 B</translation>
    </message>
    <message>
        <source>One zoom for both traces; unlinked, each trace zooms and pans on its own</source>
        <translation>两个跟踪共用一个缩放；取消联动后，各跟踪独立缩放和平移</translation>
    </message>
    <message>
        <source>Where time 0 lies on each trace</source>
        <translation>每个跟踪上时间 0 的位置</translation>
    </message>
    <message>
        <source>CPU launches and annotations</source>
        <translation>CPU 启动和注解</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>The previous zoom (Backspace, Alt+Left)</source>
        <translation>上一个缩放（Backspace、Alt+左）</translation>
    </message>
    <message>
        <source>Fit selection</source>
        <translation>适应所选</translation>
    </message>
    <message>
        <source>Zoom to the selected range or kernel (F)</source>
        <translation>缩放到所选范围或内核（F）</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Show everything (Home)</source>
        <translation>显示全部（Home）</translation>
    </message>
    <message>
        <source>Align:</source>
        <translation>对齐：</translation>
    </message>
    <message>
        <source>Wheel: zoom · drag: pan · Shift-drag: select · W/S A/D F Home</source>
        <translation>滚轮：缩放 · 拖动：平移 · Shift+拖动：选择 · W/S A/D F Home</translation>
    </message>
    <message>
        <source>Trace starts</source>
        <translation>跟踪起点</translation>
    </message>
    <message>
        <source>Layer pair %1 %2</source>
        <translation>层对 %1 %2</translation>
    </message>
    <message>
        <source>The previous highlighted kernel (P)</source>
        <translation>上一个高亮的内核（P）</translation>
    </message>
    <message>
        <source>The next highlighted kernel (N)</source>
        <translation>下一个高亮的内核（N）</translation>
    </message>
    <message>
        <source>Search layers</source>
        <translation>搜索层</translation>
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
        <translation>跟踪 %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Shift-drag to select a range: kernel count, busy time and top operations per trace.</source>
        <translation>按住 Shift 拖动以选择范围：显示每个跟踪的内核数、忙碌时间和主要操作。</translation>
    </message>
    <message>
        <source>Range %1</source>
        <translation>范围 %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n kernel(s), busy %2%3</source>
        <translation>
            <numerusform>%1：%n 个内核，忙碌 %2%3</numerusform>
        </translation>
    </message>
    <message>
        <source> — </source>
        <translation> — </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Layer %2 of pass %3&lt;br&gt;%4 kernel(s), GPU time %5&lt;br&gt;Span %6&lt;br&gt;&lt;i&gt;Click to select it in the layer table&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;第 %3 遍的第 %2 层&lt;br&gt;%4 个内核，GPU 时间 %5&lt;br&gt;跨度 %6&lt;br&gt;&lt;i&gt;点击以在层表中选中它&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Op: %2&lt;br&gt;Duration: %3&lt;br&gt;Stream: %4&lt;br&gt;Layer: %5&lt;br&gt;Source: %6&lt;br&gt;Kernel id: %7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;操作：%2&lt;br&gt;持续时间：%3&lt;br&gt;流：%4&lt;br&gt;层：%5&lt;br&gt;源码：%6&lt;br&gt;内核 ID：%7</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;Duration: %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;持续时间：%3</translation>
    </message>
    <message numerus="yes">
        <source>&lt;br&gt;&lt;i&gt;One of %n events merged at this zoom; zoom in to separate them.&lt;/i&gt;</source>
        <translation>
            <numerusform>&lt;br&gt;&lt;i&gt;在此缩放级别下合并的 %n 个事件之一；放大以将其分开。&lt;/i&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>  (%n kernel(s))</source>
        <translation>
            <numerusform>  （%n 个内核）</numerusform>
        </translation>
    </message>
    <message>
        <source>  (no trace)</source>
        <translation>  （无跟踪）</translation>
    </message>
    <message>
        <source>Time from layer pair %1</source>
        <translation>从层对 %1 起的时间</translation>
    </message>
    <message>
        <source>Time from first kernel</source>
        <translation>从第一个内核起的时间</translation>
    </message>
    <message>
        <source>frame %1 ms</source>
        <translation>帧 %1 毫秒</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Range %1, %2 kernels only</source>
        <translation>范围 %1，仅含%2阶段的内核</translation>
    </message>
    <message>
        <source>Kernel %1 of %2 in %3</source>
        <translation>%3 中第 %1 个内核（共 %2 个）</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) in %1</source>
        <translation>
            <numerusform>%1 中 %n 个内核</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>  (%n kernel(s), %1 in %2)</source>
        <translation>
            <numerusform>  （%n 个内核，其中 %1 个属于%2阶段）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TracePane</name>
    <message>
        <source>Trace A (left)</source>
        <translation>跟踪 A（左侧）</translation>
    </message>
    <message>
        <source>Trace B (right)</source>
        <translation>跟踪 B（右侧）</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Open trace A</source>
        <translation>打开跟踪 A</translation>
    </message>
    <message>
        <source>Open trace B</source>
        <translation>打开跟踪 B</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Platform</source>
        <translation>平台</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>GPU time</source>
        <translation>GPU 时间</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s) about %1:</source>
        <translation>
            <numerusform>关于 %1 的 %n 条警告：</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Trace A</source>
        <translation>跟踪 A</translation>
    </message>
    <message>
        <source>Trace B</source>
        <translation>跟踪 B</translation>
    </message>
    <message>
        <source>Drop a trace file here, or click Open…</source>
        <translation>将跟踪文件拖放到此处，或点击“打开…”</translation>
    </message>
    <message>
        <source>Could not load this trace:
%1</source>
        <translation>无法加载此跟踪：
%1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n name(s))</source>
        <translation>
            <numerusform>%1（%n 个名称）</numerusform>
        </translation>
    </message>
    <message>
        <source>Sum of kernel durations; the kernels span %1 of wall time</source>
        <translation>内核持续时间之和；这些内核跨越 %1 的实际时间</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>未找到</translation>
    </message>
    <message numerus="yes">
        <source>%1 in %n pass(es)</source>
        <translation>
            <numerusform>%1，共 %n 遍</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 条警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>%1: %2 kernels, span %3, busy %4, idle %5</source>
        <translation>%1：%2 个内核，跨度 %3，忙碌 %4，空闲 %5</translation>
    </message>
    <message>
        <source>none: every kernel is analysed</source>
        <translation>无：分析所有内核</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s); the whole file is analysed</source>
        <translation>
            <numerusform>%n 个步骤；分析整个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s): %1 of %2 kernels analysed</source>
        <translation>
            <numerusform>%n 个步骤：已分析 %2 个内核中的 %1 个</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 kernels outside the scope are left out (toolbar: Scope)</source>
        <translation>范围之外的 %1 个内核不计入（工具栏：范围）</translation>
    </message>
    <message>
        <source>%1 · %2 kernels · %3 · %4 layers</source>
        <translation>%1 · %2 个内核 · %3 · %4 层</translation>
    </message>
    <message>
        <source>The rank of the distributed run shown on this side; another one is loaded and compared again</source>
        <translation>此侧显示的分布式运行的 rank；选择另一个会加载它并重新比较</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>%1
rank from its distributedInfo.rank field</source>
        <translation>%1
rank 取自其 distributedInfo.rank 字段</translation>
    </message>
    <message>
        <source>%1
rank from its file name</source>
        <translation>%1
rank 取自其文件名</translation>
    </message>
    <message>
        <source>%1
rank unknown</source>
        <translation>%1
rank 未知</translation>
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
        <translation>内核</translation>
    </message>
    <message>
        <source>Fusion families</source>
        <translation>融合族</translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>Trace:</source>
        <translation>跟踪：</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>Trace %1 is not loaded.</source>
        <translation>跟踪 %1 未加载。</translation>
    </message>
    <message>
        <source>Activate a row to find its kernels in the kernel comparison table.</source>
        <translation>激活某一行，即可在内核比较表中找到其内核。</translation>
    </message>
    <message>
        <source>Kernels (%1)</source>
        <translation>内核（%1）</translation>
    </message>
    <message>
        <source>Fusion families (%1)</source>
        <translation>融合族（%1）</translation>
    </message>
    <message>
        <source>Overlap (%1)</source>
        <translation>重叠（%1）</translation>
    </message>
    <message>
        <source>Looking for fusion families and overlap in trace %1…</source>
        <translation>正在查找跟踪 %1 中的融合族和重叠…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Run the triage</source>
        <translation>运行分诊</translation>
    </message>
    <message>
        <source>Stop looking for fusion families and overlap in this trace</source>
        <translation>停止在此跟踪中查找融合族和重叠</translation>
    </message>
    <message>
        <source>The triage of trace %1 was cancelled.</source>
        <translation>跟踪 %1 的分诊已取消。</translation>
    </message>
    <message>
        <source>The triage of trace %1 could not be completed.</source>
        <translation>无法完成 Trace %1 的分诊。</translation>
    </message>
</context>
<context>
    <name>TriageTableModel</name>
    <message>
        <source>%1 (%2 of the time)</source>
        <translation>%1（占 %2 的时间）</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Avg</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Top source location</source>
        <translation>主要源码位置</translation>
    </message>
    <message>
        <source>Sites</source>
        <translation>位置数</translation>
    </message>
    <message>
        <source>Share of the stage&apos;s kernel time</source>
        <translation>占该阶段内核时间的比例</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>outside the steps</source>
        <translation>步骤之外</translation>
    </message>
</context>
<context>
    <name>WhatIfText</name>
    <message>
        <source>If %1 fused like %2</source>
        <translation>如果 %1 像 %2 一样融合</translation>
    </message>
    <message>
        <source>If %1&apos;s kernels ran at %2&apos;s speed</source>
        <translation>如果 %1 的内核以 %2 的速度运行</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 does no fusion that %3 lacks.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2 没有 %3 所缺少的融合。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 would take %3, %4, %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2 将耗时 %3，%4，%5</translation>
    </message>
    <message>
        <source>Fused like the other side: each of its fusions replaces this side&apos;s unfused kernels by the fused kernel&apos;s cost there, scaled by this side&apos;s time over the other&apos;s for that operation&apos;s paired kernels (a fusion that would cost more is left out). At the other side&apos;s speed: every paired kernel takes its counterpart&apos;s time, so operations this side runs faster get slower; fusions and extra work stay. Either way the busy time is assumed to change by the kernel time saved.</source>
        <translation>像另一侧一样融合：另一侧的每个融合都把本侧的未融合内核替换为融合内核在另一侧的耗时，并按该操作配对内核在本侧与另一侧的时间之比缩放（会更耗时的融合不计入）。以另一侧的速度运行：每个配对内核都取其对应内核的时间，因此本侧本来更快的操作会变慢；融合与额外工作保持不变。两种情况都假定忙碌时间按节省的内核时间变化。</translation>
    </message>
</context>
</TS>
