package org.fabrica.traffic.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * What the ranks of a replay that have not finished are doing ({@link TraceReplay#unfinished()}):
 * each with the operation it is in and what it waits for, for the report of an application
 * deadlock.
 */
final class UnfinishedRanks {
    private UnfinishedRanks() {
    }

    /** The unfinished ranks of {@code replay}, one line each; empty when every rank finished. */
    static List<String> describe(TraceReplay replay) {
        CompiledTrace trace = replay.trace;
        List<String> out = new ArrayList<>();
        for (int g = 0; g < replay.state.length; g++) {
            if (replay.state[g] == TraceReplay.DONE) {
                continue;
            }
            int copy = g / replay.ranks;
            int r = g - copy * replay.ranks;
            int i = replay.pc[g];
            String who = (replay.copies > 1 ? "copy " + copy + " rank " + r : "rank " + r) + " (node "
                    + replay.nodeOfRank[g] + ")";
            TraceEvent e = trace.expanded.events(r).get(Math.min(i, trace.events(r) - 1));
            if (replay.state[g] == TraceReplay.RUNNING) {
                out.add(who + ": running event " + i + " (" + TraceWriter.format(e) + ") at cycle " + replay.clock[g]);
                continue;
            }
            StringBuilder sb = new StringBuilder(who).append(": blocked since cycle ").append(replay.blockedSince[g])
                    .append(" in event ").append(i).append(" (").append(TraceWriter.format(e)).append(")");
            if (e instanceof TraceEvent.Message msg && msg.tag() < 0) {
                sb.append(", part of collective ").append(-msg.tag() - 1);
            }
            if (trace.op[r][i] == CompiledTrace.BARRIER) {
                out.add(sb.append(", waiting for the completion of its hardware barrier ").append(trace.argument[r][i])
                        .append(" (").append(replay.barriers.done(g)).append(" completed for it)").toString());
                continue;
            }
            if (trace.op[r][i] == CompiledTrace.BCAST) {
                long ordinal = trace.argument[r][i];
                out.add(sb.append(", waiting for the multicast packets of its hardware broadcast ").append(ordinal)
                        .append(" (").append(replay.broadcasts.arrived(g, ordinal)).append(" of ")
                        .append(replay.broadcastPackets(i, r)).append(" arrived; is the collective engine a"
                                + " multicast engine such as tree-multicast?)").toString());
                continue;
            }
            sb.append(", waiting for ");
            int base = copy * replay.messagesPerCopy;
            int shown = 0;
            for (int k = trace.conditionStart[r][i]; k < trace.conditionEnd[r][i]; k++) {
                int c = trace.conditions[r][k];
                if (c < 0) {
                    sb.append(shown++ == 0 ? "" : "; ").append("a message no rank sends (no matching send in the trace)");
                    continue;
                }
                int gm = base + (c >>> 1);
                int m = c >>> 1;
                boolean send = (c & 1) == 1;
                if ((send ? replay.protocol.sendComplete[gm] : replay.protocol.dataComplete[gm]) >= 0) {
                    continue;
                }
                sb.append(shown++ == 0 ? "" : "; ").append(describe(replay, gm, m, send));
            }
            out.add(sb.toString());
        }
        return out;
    }

    private static String describe(TraceReplay replay, int gm, int m, boolean send) {
        CompiledTrace trace = replay.trace;
        String msg = "the message rank " + trace.sender[m] + " -> rank " + trace.receiver[m] + " ("
                + trace.bytes[m] + " bytes, event " + trace.sendEvent[m] + " of rank " + trace.sender[m] + ")";
        if (send) {
            if (trace.receiveEvent[m] < 0) {
                return msg + " to be received: no receive in the trace matches it";
            }
            if (replay.protocol.receivePosted[gm] < 0) {
                return msg + " to be received: rank " + trace.receiver[m] + " has not posted the receive";
            }
            return msg + " to be delivered";
        }
        if (replay.protocol.sendPosted[gm] < 0) {
            return msg + ": rank " + trace.sender[m] + " has not posted the send";
        }
        if (!replay.parameters.eager(trace.bytes[m]) && !replay.protocol.cleared[gm]) {
            return msg + ": rendezvous request " + (replay.protocol.requestArrived[gm] < 0 ? "not yet arrived" : "not yet answered");
        }
        return msg + ": " + replay.protocol.arrived[gm] + " of " + replay.protocol.packets[gm] + " packets arrived";
    }
}
