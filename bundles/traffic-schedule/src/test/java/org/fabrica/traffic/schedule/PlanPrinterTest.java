package org.fabrica.traffic.schedule;

import static org.fabrica.traffic.schedule.M2nRun.range;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fabrica.params.Parameters;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.RequestOutcome;
import org.fabrica.scheduler.RequestStatus;
import org.fabrica.scheduler.Round;
import org.fabrica.scheduler.RoundOrder;
import org.fabrica.scheduler.Route;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.scheduler.SizeUnit;
import org.fabrica.scheduler.Transaction;
import org.fabrica.scheduler.m2n.ShuffleFactory;
import org.fabrica.scheduler.m2n.ShuffleParameters;
import org.fabrica.stats.CsvWriter;
import org.junit.jupiter.api.Test;

class PlanPrinterTest {
    /** Printed pairs of one round, from the table form. */
    static String roundText(Plan plan, int transaction, int round) {
        String[] lines = PlanPrinter.table(plan).split("\n");
        int t = -1;
        for (String line : lines) {
            if (line.startsWith("transaction ")) {
                t++;
            } else if (t == transaction && line.startsWith("  round " + (round + 1) + ":")) {
                return line.substring(line.indexOf(':') + 2);
            }
        }
        throw new AssertionError("no round " + round + " in transaction " + transaction);
    }

    @Test
    void printsTheSixToTenTableOfTheSpec() {
        Plan plan = new ShuffleFactory().create(new M2nRun().topology(), Parameters.defaults(ShuffleParameters.class))
                .plan(Demands.personalized(range(0, 6), range(6, 16), 256, SizeUnit.BYTES));
        String text = PlanPrinter.table(plan);
        assertTrue(text.startsWith("shuffle: 1 transaction, 10 rounds, 60 transfers of 256 bytes; rounds not"
                + " synchronised"), text);
        assertTrue(text.contains("transaction 1: 6-to-10\n  round 1: (0,6) (1,7) (2,8) (3,9) (4,10) (5,11)\n"), text);
        assertTrue(text.contains("  round 10: (0,15) (1,6) (2,7) (3,8) (4,9) (5,10)\n"), text);
        assertTrue(text.endsWith("requests: 60 granted of 60 (schedulability ratio 1.0000)\n"), text);

        String csv = PlanPrinter.csv(plan);
        String[] rows = csv.split("\n");
        assertEquals(61, rows.length);
        assertEquals("transaction,round,request,source,destination,size,route", rows[0]);
        assertEquals("1,1,0,0,6,256,", rows[1]);
        assertEquals("1,10,54,5,10,256,", rows[60]);
    }

    @Test
    void printsRoutesPlacementAndFailures() {
        Plan plan = new Plan("levelwise", SizeUnit.PACKETS, RoundOrder.BARRIER,
                List.of(new Transaction("", List.of(new Round(List.of(
                        new ScheduledTransfer(0, 3, 95, 1, Optional.of(Route.of(0, 1, 0))),
                        new ScheduledTransfer(2, 4, 5, 1, Optional.of(Route.of()))))))),
                List.of(RequestOutcome.granted(0), new RequestOutcome(1, RequestStatus.NO_COMMON_PORT, 1),
                        RequestOutcome.granted(2)),
                Map.of(7, 4));
        String text = PlanPrinter.table(plan);
        assertTrue(text.contains("placement: 7->4\n"), text);
        assertTrue(text.contains("  round 1: (3,95 via 0.1.0) (4,5 via -)\n"), text);
        assertTrue(text.contains("requests: 2 granted of 3 (schedulability ratio 0.6667)\n"
                + "  request 1: no-common-port at level 1\n"), text);
        assertEquals("transaction,round,request,source,destination,size,route\n1,1,0,3,95,1,0.1.0\n1,1,2,4,5,1,-\n",
                PlanPrinter.csv(plan));
        assertEquals("request,status,failed_level\n0,granted,-1\n1,no-common-port,1\n2,granted,-1\n",
                PlanPrinter.outcomesCsv(plan));
    }

    @Test
    void transfersOfSeveralPlansShareOneTableAfterTheirLeadingFields() {
        Plan plan = new Plan("levelwise", SizeUnit.PACKETS, RoundOrder.BARRIER,
                List.of(new Transaction("", List.of(new Round(List.of(new ScheduledTransfer(0, 3, 95, 1,
                        Optional.of(Route.of(0, 1))))), new Round(List.of(new ScheduledTransfer(1, 4, 5, 2,
                        Optional.empty())))))),
                List.of(RequestOutcome.granted(0), RequestOutcome.granted(1)), Map.of());
        CsvWriter csv = new CsvWriter("schedules", CsvWriter.LineEnd.LF, "communication", "scheme", "transaction",
                "round", "request", "source", "destination", "size", "route");
        PlanPrinter.transfers(plan, csv, "c1", "a,b");
        PlanPrinter.transfers(plan, csv, "c2", "s");
        assertEquals("communication,scheme,transaction,round,request,source,destination,size,route\n"
                + "c1,\"a,b\",1,1,0,3,95,1,0.1\nc1,\"a,b\",1,2,1,4,5,2,\n"
                + "c2,s,1,1,0,3,95,1,0.1\nc2,s,1,2,1,4,5,2,\n", csv.text(), "a label with a comma is quoted");
        CsvWriter narrow = new CsvWriter("schedules", CsvWriter.LineEnd.LF, PlanPrinter.TRANSFER_COLUMNS);
        assertThrows(IllegalStateException.class, () -> PlanPrinter.transfers(plan, narrow, "c1"),
                "leading fields the header does not name are a bug");
    }
}
