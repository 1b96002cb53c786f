package org.fabrica.experiment.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fabrica.stats.CsvWriter;

/**
 * A table of numeric columns, written as CSV in the results folder's {@code series/} files and
 * read back from them (a resumed run's points only exist there). NaN is written as an empty cell
 * and read back as NaN. Immutable.
 */
public final class SeriesTable {
    private final List<String> names;
    private final double[][] columns;
    private final int rows;

    /**
     * @param names column names, no comma, double quote or line break in them
     * @param columns one array per name, all of the same length
     */
    public SeriesTable(List<String> names, List<double[]> columns) {
        if (names.size() != columns.size()) {
            throw new IllegalArgumentException(names.size() + " column names for " + columns.size() + " columns");
        }
        int n = columns.isEmpty() ? 0 : columns.get(0).length;
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).length != n) {
                throw new IllegalArgumentException("column " + names.get(i) + " has " + columns.get(i).length
                        + " rows, the first has " + n);
            }
            String name = names.get(i);
            if (name.indexOf(',') >= 0 || name.indexOf('"') >= 0 || name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0) {
                // parse() reads plain fields only, so no name may need CSV quoting
                throw new IllegalArgumentException("column name '" + name + "' contains a comma, quote or line break");
            }
        }
        this.names = List.copyOf(names);
        this.columns = new double[columns.size()][];
        for (int i = 0; i < columns.size(); i++) {
            this.columns[i] = columns.get(i).clone();
        }
        this.rows = n;
    }

    /** Column names. */
    public List<String> names() {
        return names;
    }

    /** Number of rows. */
    public int rows() {
        return rows;
    }

    /** A column by name (a copy). */
    public double[] column(String name) {
        int i = names.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no column '" + name + "'; the table has " + names);
        }
        return columns[i].clone();
    }

    /** True when the table has the column. */
    public boolean has(String name) {
        return names.contains(name);
    }

    /** The table as CSV: a header line, then one line per row (RFC 4180 line ends). */
    public String csv() {
        CsvWriter csv = new CsvWriter("series", CsvWriter.LineEnd.CRLF, names);
        for (int r = 0; r < rows; r++) {
            for (double[] column : columns) {
                csv.field(column[r]);
            }
            csv.endRecord();
        }
        return csv.text();
    }

    /**
     * Reads a table written by {@link #csv()}.
     *
     * @throws IllegalArgumentException when a row has the wrong number of cells or a cell is not a number
     */
    public static SeriesTable parse(String csv) {
        // the one CSV reader: an empty line is a record (a one-column table's NaN), not nothing
        List<List<String>> records = org.fabrica.stats.CsvReader.records("series table", csv);
        if (records.isEmpty() || records.get(0).size() == 1 && records.get(0).get(0).isEmpty()) {
            return new SeriesTable(List.of(), List.of());
        }
        List<String> names = records.get(0);
        int n = records.size() - 1;
        List<double[]> cols = new ArrayList<>();
        for (int c = 0; c < names.size(); c++) {
            cols.add(new double[n]);
        }
        for (int r = 0; r < n; r++) {
            List<String> cells = records.get(r + 1);
            if (cells.size() != names.size()) {
                throw new IllegalArgumentException("line " + (r + 2) + " has " + cells.size() + " cells, the header "
                        + names.size());
            }
            for (int c = 0; c < cells.size(); c++) {
                try {
                    cols.get(c)[r] = cells.get(c).isEmpty() ? Double.NaN : Double.parseDouble(cells.get(c));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("line " + (r + 2) + ", column " + names.get(c) + ": '" + cells.get(c)
                            + "' is not a number");
                }
            }
        }
        return new SeriesTable(names, cols);
    }
}
