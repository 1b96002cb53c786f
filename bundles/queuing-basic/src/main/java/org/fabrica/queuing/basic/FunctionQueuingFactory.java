package org.fabrica.queuing.basic;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingFactory;
import org.fabrica.queuing.QueuingScheme;
import org.osgi.service.component.annotations.Component;

/** {@code by-function}: packets on the VCs whose hardware function is meant for them ({@link FunctionQueuing}). */
@Component(service = QueuingFactory.class, property = {
        "fabrica.name=by-function",
        "fabrica.description=Function-separated VCs: unicast packets use only the VCs whose function (the hardware"
                + " model's, e.g. unicast, mixed) is listed, leaving e.g. a barrier VC alone (one VC class)"})
public final class FunctionQueuingFactory implements QueuingFactory<FunctionQueuingParameters> {
    @Override
    public Class<FunctionQueuingParameters> parameterType() {
        return FunctionQueuingParameters.class;
    }

    @Override
    public QueuingScheme create(QueuingContext context, FunctionQueuingParameters parameters) {
        int classes = context.vcClasses();
        if (classes != 1) {
            throw new IllegalArgumentException("queuing 'by-function' has no VC classes, but the routing algorithm needs "
                    + classes + " (e.g. a dateline); use it with a routing of one class (fat-tree routings, a single"
                    + " switch, dor on a mesh)");
        }
        if (context.vcs() > 64) {
            throw new IllegalArgumentException("queuing 'by-function' handles at most 64 VCs, not " + context.vcs());
        }
        long mask = mask(context, parameters.unicast());
        List<String> functions = new ArrayList<>();
        for (int v = 0; v < context.vcs(); v++) {
            functions.add(context.vcFunction(v));
        }
        if (mask == 0) {
            throw new IllegalArgumentException("queuing 'by-function': no VC has a function in unicast = "
                    + List.of(parameters.unicast()) + "; the hardware's VCs are " + functions + " (set the hardware's"
                    + " vcFunctions, or list one of these in unicast)");
        }
        long barrier = mask(context, parameters.barrier());
        long multicast = mask(context, parameters.multicast());
        return new FunctionQueuing(mask, barrier == 0 ? mask : barrier, multicast == 0 ? mask : multicast);
    }

    /** The VCs whose function is one of {@code functions}. */
    private static long mask(QueuingContext context, String[] functions) {
        Set<String> wanted = Set.of(functions);
        long mask = 0;
        for (int v = 0; v < context.vcs(); v++) {
            if (wanted.contains(context.vcFunction(v))) {
                mask |= 1L << v;
            }
        }
        return mask;
    }
}
