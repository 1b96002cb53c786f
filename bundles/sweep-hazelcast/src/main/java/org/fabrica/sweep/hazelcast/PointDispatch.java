package org.fabrica.sweep.hazelcast;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.sweep.SweepPoint;

/**
 * Which point goes to which member, with nothing lost and nothing reported twice
 * (docs/architecture.md, section 10, "Cluster"): points wait in sweep order; a member with a free
 * slot takes the next one; a lost member's points go back to the front of the queue; the first
 * result of a point counts and any
 * later one (a member thought lost that answered after all, a point run twice) is dropped. Not
 * thread-safe: the executor's dispatch thread alone uses it.
 */
final class PointDispatch {
    private final Deque<SweepPoint> queue;
    private final Map<String, Map<String, SweepPoint>> held = new LinkedHashMap<>();
    private final Set<String> done = new HashSet<>();
    private final Map<String, Integer> attempts = new HashMap<>();
    private final int total;

    PointDispatch(List<SweepPoint> points) {
        this.queue = new ArrayDeque<>(points);
        Set<String> ids = new HashSet<>();
        for (SweepPoint p : points) {
            if (!ids.add(p.pointId())) {
                throw new IllegalArgumentException("point " + p.pointId() + " is twice in the sweep");
            }
        }
        this.total = points.size();
    }

    /** The next point for {@code member} if it holds fewer than {@code slots}, else null; the member then holds it. */
    SweepPoint next(String member, int slots) {
        Map<String, SweepPoint> h = held.computeIfAbsent(member, m -> new LinkedHashMap<>());
        if (h.size() >= slots) {
            return null;
        }
        SweepPoint p;
        do {
            p = queue.pollFirst();
        } while (p != null && (done.contains(p.pointId()) || isHeld(p.pointId())));
        if (p == null) {
            return null;
        }
        h.put(p.pointId(), p);
        attempts.merge(p.pointId(), 1, Integer::sum);
        return p;
    }

    /**
     * A result of {@code pointId} came from {@code member}: true when it is the point's first (report
     * it), false for a duplicate (drop it).
     */
    boolean finished(String member, String pointId) {
        Map<String, SweepPoint> h = held.get(member);
        if (h != null) {
            h.remove(pointId);
        }
        if (!done.add(pointId)) {
            return false;
        }
        queue.removeIf(p -> p.pointId().equals(pointId)); // re-queued meanwhile: no need to run it again
        return true;
    }

    /**
     * {@code member} left (or its task failed in transit): its points that have no result yet go back
     * to the front of the queue, in sweep order; returns them.
     */
    List<SweepPoint> lost(String member) {
        Map<String, SweepPoint> h = held.remove(member);
        if (h == null) {
            return List.of();
        }
        return requeue(new ArrayList<>(h.values()));
    }

    /**
     * One point sent to {@code member} did not come back (the task failed in transit): back to the
     * front of the queue unless it has been tried {@code maxAttempts} times; returns whether it was
     * re-queued. A point the member no longer holds (already re-queued with all its points) counts as re-queued.
     */
    boolean retry(String member, SweepPoint point, int maxAttempts) {
        Map<String, SweepPoint> h = held.get(member);
        if (h == null || h.remove(point.pointId()) == null || done.contains(point.pointId())) {
            return true;
        }
        if (attempts.getOrDefault(point.pointId(), 0) >= maxAttempts) {
            return false;
        }
        requeue(List.of(point));
        return true;
    }

    /** Marks a point done without a result from a member (the executor reports its failure itself). */
    boolean give(String pointId) {
        return finished("", pointId);
    }

    private List<SweepPoint> requeue(List<SweepPoint> points) {
        List<SweepPoint> back = new ArrayList<>();
        for (SweepPoint p : points) {
            if (!done.contains(p.pointId()) && !isHeld(p.pointId())) {
                back.add(p);
            }
        }
        back.sort(Comparator.comparingInt(SweepPoint::index).reversed());
        for (SweepPoint p : back) {
            queue.addFirst(p);
        }
        back.sort(Comparator.comparingInt(SweepPoint::index));
        return back;
    }

    private boolean isHeld(String pointId) {
        for (Map<String, SweepPoint> h : held.values()) {
            if (h.containsKey(pointId)) {
                return true;
            }
        }
        return false;
    }

    /** {@code member} holds the point (sent, no result yet). */
    boolean holds(String member, String pointId) {
        Map<String, SweepPoint> h = held.get(member);
        return h != null && h.containsKey(pointId);
    }

    /** Points {@code member} holds (sent, no result yet). */
    int holding(String member) {
        Map<String, SweepPoint> h = held.get(member);
        return h == null ? 0 : h.size();
    }

    int doneCount() {
        return done.size();
    }

    int queued() {
        return queue.size();
    }

    /** Every point has its one result. */
    boolean complete() {
        return done.size() >= total;
    }

    /** Times a point was sent out. */
    int attempts(String pointId) {
        return attempts.getOrDefault(pointId, 0);
    }
}
