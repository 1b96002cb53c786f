#!/usr/bin/python3
"""Writes the OTF2 sample archives of examples/traces/otf2 with OTF2's own writer.

The archives are what Score-P's MPI adapter would record for two small programs, written
through the OTF2 library (its Python bindings, Debian package python3-otf2 3.0.2), so that
Fabrica's importer (./fabrica trace import, docs/traces.md "Importing OTF2") is tested on
files that the format's own tools wrote, not on files Fabrica wrote itself.

    apt-get install python3-otf2 otf2-tools
    /usr/bin/python3 tools/otf2-samples/write_samples.py examples/traces/otf2
    otf2-print examples/traces/otf2/halo/traces.otf2

Each MPI call is recorded as Score-P records it: Enter of the call's region, the MPI event
record(s), Leave. Times are in ticks of a 2.4 GHz counter (timer resolution 2.4e9 per second);
the time between leaving one MPI call and entering the next is the rank's computation. Every
rank calls MPI_Init first and MPI_Finalize last, as MPI programs do.
"""
import os
import shutil
import sys

import otf2
from otf2.enums import CollectiveOp, GroupType, Paradigm, RegionRole

RESOLUTION = 2_400_000_000      # ticks per second
CALL_NS = 400                   # time inside a non-blocking MPI call
WAIT_NS = 30_000                # time inside a blocking call (what the network took, here made up)


def ticks(ns):
    return ns * RESOLUTION // 1_000_000_000


class Rank:
    """Records one rank's MPI calls on its event writer, advancing the rank's clock."""

    def __init__(self, writer, regions, world, rank, ranks, start_ns):
        self.w = writer
        self.regions = regions
        self.world = world
        self.rank = rank
        self.ranks = ranks
        self.now = start_ns

    def _call(self, name, records, duration_ns):
        region = self.regions[name]
        self.w.enter(ticks(self.now), region)
        for offset, record in records:
            record(ticks(self.now + offset))
        self.now += duration_ns
        self.w.leave(ticks(self.now), region)

    def compute(self, ns):
        self.now += ns

    def send(self, dest, size, tag, comm=None):
        c = comm or self.world
        self._call("MPI_Send", [(10, lambda t: self.w.mpi_send(t, dest, c, tag, size))], WAIT_NS)

    def recv(self, src, size, tag, comm=None):
        # Score-P writes MpiRecv when the receive completes, at the end of the call
        c = comm or self.world
        self._call("MPI_Recv", [(WAIT_NS - 10, lambda t: self.w.mpi_recv(t, src, c, tag, size))], WAIT_NS)

    def isend(self, dest, size, tag, request, comm=None):
        c = comm or self.world
        self._call("MPI_Isend", [(10, lambda t: self.w.mpi_isend(t, dest, c, tag, size, request))], CALL_NS)

    def cancel(self, request):
        self._call("MPI_Cancel", [(10, lambda t: self.w.mpi_request_cancelled(t, request))], CALL_NS)

    def irecv(self, request):
        # at posting only the request id is known; source, tag and size come with completion
        self._call("MPI_Irecv", [(10, lambda t: self.w.mpi_irecv_request(t, request))], CALL_NS)

    def waitall(self, sends, recvs, comm=None):
        c = comm or self.world
        records = [(20 + i, (lambda r: lambda t: self.w.mpi_isend_complete(t, r))(r)) for i, r in enumerate(sends)]
        records += [(WAIT_NS - 20 + i, (lambda a: lambda t: self.w.mpi_irecv(t, a[0], c, a[1], a[2], a[3]))(a))
                    for i, a in enumerate(recvs)]
        self._call("MPI_Waitall", records, WAIT_NS)

    def collective(self, name, op, size_sent, size_received, root=0xFFFFFFFF, comm=None):
        c = comm or self.world
        self._call(name, [(10, lambda t: self.w.mpi_collective_begin(t)),
                          (WAIT_NS - 10, lambda t: self.w.mpi_collective_end(t, op, c, root, size_sent,
                                                                             size_received))], WAIT_NS)


def halo(p):
    """A ring exchange (non-blocking), a blocking message, allreduce, alltoall and a barrier."""
    n, r = p.ranks, p.rank
    left, right = (r - 1) % n, (r + 1) % n
    p.compute(20_000 + 1_500 * r)
    p.irecv(request=1)
    p.isend(right, 65_536, tag=1, request=2)
    p.waitall(sends=[2], recvs=[(left, 1, 65_536, 1)])
    p.compute(5_000)
    if r == 0:
        p.send(2, 4, tag=7)
    elif r == 2:
        p.recv(0, 4, tag=7)
    # Score-P records n times the vector for MPI_Allreduce (its scorep_mpi_coll_bytes_allreduce)
    p.collective("MPI_Allreduce", CollectiveOp.ALLREDUCE, n * 8, n * 8)
    p.compute(3_000 + 250 * r)
    # Score-P's sizeSent for MPI_Alltoall: the bytes of the whole send buffer, n blocks
    p.collective("MPI_Alltoall", CollectiveOp.ALLTOALL, n * 1_024, n * 1_024)
    p.collective("MPI_Barrier", CollectiveOp.BARRIER, 0, 0)


def pingpong(p):
    """4,000 round trips of 8 bytes: enough records for two 256 KiB chunks per location."""
    peer = 1 - p.rank
    for _ in range(PINGPONG_ROUNDS):
        if p.rank == 0:
            p.send(peer, 8, tag=0)
            p.recv(peer, 8, tag=0)
        else:
            p.recv(peer, 8, tag=0)
            p.send(peer, 8, tag=0)
        p.compute(1_000)


PINGPONG_ROUNDS = 4_000


def bcast(p):
    """A rooted collective, which Fabrica's trace format (version 1) does not have."""
    p.compute(10_000)
    p.collective("MPI_Bcast", CollectiveOp.BCAST, 4_096 if p.rank == 0 else 0, 0 if p.rank == 0 else 4_096, root=0)
    p.collective("MPI_Barrier", CollectiveOp.BARRIER, 0, 0)


def comms(p):
    """Communicators other than MPI_COMM_WORLD: peers given as ranks of 'even' ({0, 2}), 'odd' ({1, 3})
    and MPI_COMM_SELF, a receive cancelled, a barrier on a sub-communicator."""
    half = p.comms["even"] if p.rank % 2 == 0 else p.comms["odd"]
    p.compute(1_000)
    if p.rank == 0:
        p.send(1, 100, tag=3, comm=half)        # rank 1 of 'even' is world rank 2
    elif p.rank == 2:
        p.recv(0, 100, tag=3, comm=half)
    elif p.rank == 1:
        p.isend(1, 200, tag=4, request=7, comm=half)   # world rank 3
        p.waitall(sends=[7], recvs=[])
    else:
        p.irecv(request=7)
        p.irecv(request=9)
        p.waitall(sends=[], recvs=[(0, 4, 200, 7)], comm=half)
        p.cancel(9)
    if p.rank == 0:  # a message to itself on MPI_COMM_SELF
        p.irecv(request=1)
        p.isend(0, 8, tag=5, request=2, comm=p.comms["self"])
        p.waitall(sends=[2], recvs=[(0, 5, 8, 1)], comm=p.comms["self"])
    p.compute(2_000)
    p.collective("MPI_Barrier", CollectiveOp.BARRIER, 0, 0, comm=half)
    p.collective("MPI_Barrier", CollectiveOp.BARRIER, 0, 0)


REGIONS = {
    "MPI_Cancel": RegionRole.POINT2POINT,
    "MPI_Init": RegionRole.FUNCTION, "MPI_Finalize": RegionRole.FUNCTION,
    "MPI_Send": RegionRole.POINT2POINT, "MPI_Recv": RegionRole.POINT2POINT, "MPI_Isend": RegionRole.POINT2POINT,
    "MPI_Irecv": RegionRole.POINT2POINT, "MPI_Waitall": RegionRole.POINT2POINT,
    "MPI_Allreduce": RegionRole.COLL_ALL2ALL, "MPI_Alltoall": RegionRole.COLL_ALL2ALL,
    "MPI_Barrier": RegionRole.BARRIER, "MPI_Bcast": RegionRole.COLL_ONE2ALL,
}


def write(directory, ranks, program, chunk_size=1024 * 1024):
    if os.path.exists(directory):
        shutil.rmtree(directory)
    with otf2.writer.open(directory, timer_resolution=RESOLUTION, chunk_size_events=chunk_size) as trace:
        d = trace.definitions
        machine = d.system_tree_node("machine")
        host = d.system_tree_node("node0", parent=machine)
        locations = [d.location("Master thread", group=d.location_group("MPI Rank %d" % r, system_tree_parent=host))
                     for r in range(ranks)]
        d.group("MPI_COMM_WORLD locations", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI,
                members=locations)
        world = d.comm("MPI_COMM_WORLD", group=d.group("MPI_COMM_WORLD", group_type=GroupType.COMM_GROUP,
                                                       paradigm=Paradigm.MPI, members=list(range(ranks))))
        subcomms = {
            "even": d.comm("even", group=d.group("even", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                                 members=[r for r in range(ranks) if r % 2 == 0])),
            "odd": d.comm("odd", group=d.group("odd", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
                                               members=[r for r in range(ranks) if r % 2 == 1])),
            "self": d.comm("MPI_COMM_SELF", group=d.group("MPI_COMM_SELF", group_type=GroupType.COMM_SELF,
                                                          paradigm=Paradigm.MPI, members=[])),
        } if program is comms else {}
        regions = {name: d.region(name, region_role=role, paradigm=Paradigm.MPI) for name, role in REGIONS.items()}
        main = d.region("main", region_role=RegionRole.FUNCTION, paradigm=Paradigm.USER)
        for r in range(ranks):
            w = trace.event_writer_from_location(locations[r])
            start = 1_000 + 100 * r
            w.enter(ticks(start), main)
            p = Rank(w, regions, world, r, ranks, start + 500)
            p.comms = subcomms
            p._call("MPI_Init", [], 5_000)
            program(p)
            p._call("MPI_Finalize", [], 2_000)
            w.leave(ticks(p.now + 500), main)


def main(out):
    write(os.path.join(out, "halo"), 4, halo)
    write(os.path.join(out, "bcast"), 4, bcast)
    write(os.path.join(out, "pingpong"), 2, pingpong, chunk_size=256 * 1024)
    write(os.path.join(out, "comms"), 4, comms)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "examples/traces/otf2")
