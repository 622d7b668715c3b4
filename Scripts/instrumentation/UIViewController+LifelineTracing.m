// UIViewController+LifelineTracing.m: logs the lifecycle of every UIViewController for Lifeline.
//
// Add this file to the app target (with ARC). Nothing to call: +load installs it when the app starts. It is
// compiled in DEBUG builds only. Every line names the instance, as Lifeline reads best:
//
//     <CartViewController: 0x7fa1c8d0a200> viewWillAppear animated=1
//     <CartViewController: 0x7fa1c8d0a200> willMove toParent=<UINavigationController: 0x7fa1c8c05400>
//
// Lines go to the unified log (subsystem "lifeline", category "lifecycle"; Xcode's console shows them).
// Capture them as docs/capture.md says, then run `lifeline check`. Define LIFELINE_TRACING_LAYOUT=1 (Preprocessor
// Macros) to also log viewWillLayoutSubviews/viewDidLayoutSubviews, LIFELINE_TRACING_OBSERVERS=1 to also log the
// NSNotificationCenter observers that view controllers add and remove.
//
// What it cannot see: an override that does not call super (most loadView overrides), and observers added with a
// block (addObserverForName:object:queue:usingBlock: observes through a token, not the controller).

#if DEBUG
#import <UIKit/UIKit.h>
#import <objc/runtime.h>
#import <os/log.h>

#ifndef LIFELINE_TRACING_LAYOUT
#define LIFELINE_TRACING_LAYOUT 0
#endif
#ifndef LIFELINE_TRACING_OBSERVERS
#define LIFELINE_TRACING_OBSERVERS 0
#endif

static char LLSentinelKey;

/// `<Class: 0xADDRESS>` as UIKit prints it, built here so that an overridden -description changes nothing; nil as "nil".
static NSString *LLDescribe(id object) {
    if (object == nil) return @"nil";
    return [NSString stringWithFormat:@"<%@: %p>", NSStringFromClass([object class]), object];
}

/// Writes one line: the controller's description, a space, the message.
static void LLEmit(NSString *described, NSString *message) {
    static os_log_t log;
    static dispatch_once_t once;
    dispatch_once(&once, ^{ log = os_log_create("lifeline", "lifecycle"); });
    os_log(log, "%{public}@ %{public}@", described, message);
}

/// Released with its controller (associated objects go when their owner is deallocated), it logs the dealloc.
@interface LLDeallocSentinel : NSObject
@property (nonatomic, copy, readonly) NSString *described;
- (instancetype)initWithDescribed:(NSString *)described;
@end

@implementation LLDeallocSentinel
- (instancetype)initWithDescribed:(NSString *)described {
    if ((self = [super init])) _described = [described copy];
    return self;
}

- (void)dealloc {
    LLEmit(_described, @"dealloc");
}
@end

/// Logs a message about `controller` unless its class is UIKit's own (private or keyboard); the first time, ties a
/// sentinel to it that logs its dealloc.
static void LLTrace(UIViewController *controller, NSString *format, ...) NS_FORMAT_FUNCTION(2, 3);
static void LLTrace(UIViewController *controller, NSString *format, ...) {
    NSString *className = NSStringFromClass([controller class]);
    for (NSString *prefix in @[@"_", @"UIInputWindowController", @"UICompatibilityInputViewController",
                               @"UIEditingOverlayViewController", @"UISystemKeyboardDockController"]) {
        if ([className hasPrefix:prefix]) return;
    }
    NSString *described = LLDescribe(controller);
    if (objc_getAssociatedObject(controller, &LLSentinelKey) == nil) {
        objc_setAssociatedObject(controller, &LLSentinelKey, [[LLDeallocSentinel alloc] initWithDescribed:described],
                                 OBJC_ASSOCIATION_RETAIN_NONATOMIC);
    }
    va_list arguments;
    va_start(arguments, format);
    NSString *message = [[NSString alloc] initWithFormat:format arguments:arguments];
    va_end(arguments);
    LLEmit(described, message);
}

/// Swaps two methods of `class`: calls of `original` run `replacement`, which calls `original` by its own name.
static void LLExchange(Class class, SEL original, SEL replacement) {
    Method originalMethod = class_getInstanceMethod(class, original);
    Method replacementMethod = class_getInstanceMethod(class, replacement);
    NSCAssert(originalMethod && replacementMethod, @"LifelineTracing: %@ has no %@", class, NSStringFromSelector(original));
    method_exchangeImplementations(originalMethod, replacementMethod);
}

// Each replacement logs, then calls the original: after LLExchange, its own name leads to UIKit's implementation.
@implementation UIViewController (LifelineTracing)

+ (void)load {
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        Class class = [UIViewController class];
        LLExchange(class, @selector(loadView), @selector(lifeline_loadView));
        LLExchange(class, @selector(viewDidLoad), @selector(lifeline_viewDidLoad));
        LLExchange(class, @selector(viewWillAppear:), @selector(lifeline_viewWillAppear:));
        LLExchange(class, @selector(viewIsAppearing:), @selector(lifeline_viewIsAppearing:));
        LLExchange(class, @selector(viewDidAppear:), @selector(lifeline_viewDidAppear:));
        LLExchange(class, @selector(viewWillDisappear:), @selector(lifeline_viewWillDisappear:));
        LLExchange(class, @selector(viewDidDisappear:), @selector(lifeline_viewDidDisappear:));
        LLExchange(class, @selector(willMoveToParentViewController:), @selector(lifeline_willMoveToParentViewController:));
        LLExchange(class, @selector(didMoveToParentViewController:), @selector(lifeline_didMoveToParentViewController:));
        LLExchange(class, @selector(addChildViewController:), @selector(lifeline_addChildViewController:));
        LLExchange(class, @selector(removeFromParentViewController), @selector(lifeline_removeFromParentViewController));
        if (LIFELINE_TRACING_LAYOUT) {
            LLExchange(class, @selector(viewWillLayoutSubviews), @selector(lifeline_viewWillLayoutSubviews));
            LLExchange(class, @selector(viewDidLayoutSubviews), @selector(lifeline_viewDidLayoutSubviews));
        }
        if (LIFELINE_TRACING_OBSERVERS) {
            Class center = [NSNotificationCenter class];
            LLExchange(center, @selector(addObserver:selector:name:object:), @selector(lifeline_addObserver:selector:name:object:));
            LLExchange(center, @selector(removeObserver:name:object:), @selector(lifeline_removeObserver:name:object:));
            LLExchange(center, @selector(removeObserver:), @selector(lifeline_removeObserver:));
        }
    });
}

- (void)lifeline_loadView {
    LLTrace(self, @"loadView");
    [self lifeline_loadView];
}

- (void)lifeline_viewDidLoad {
    LLTrace(self, @"viewDidLoad");
    [self lifeline_viewDidLoad];
}

- (void)lifeline_viewWillAppear:(BOOL)animated {
    LLTrace(self, @"viewWillAppear animated=%d", animated);
    [self lifeline_viewWillAppear:animated];
}

- (void)lifeline_viewIsAppearing:(BOOL)animated {
    LLTrace(self, @"viewIsAppearing animated=%d", animated);
    [self lifeline_viewIsAppearing:animated];
}

- (void)lifeline_viewDidAppear:(BOOL)animated {
    LLTrace(self, @"viewDidAppear animated=%d", animated);
    [self lifeline_viewDidAppear:animated];
}

- (void)lifeline_viewWillDisappear:(BOOL)animated {
    LLTrace(self, @"viewWillDisappear animated=%d", animated);
    [self lifeline_viewWillDisappear:animated];
}

- (void)lifeline_viewDidDisappear:(BOOL)animated {
    LLTrace(self, @"viewDidDisappear animated=%d", animated);
    [self lifeline_viewDidDisappear:animated];
}

- (void)lifeline_viewWillLayoutSubviews {
    LLTrace(self, @"viewWillLayoutSubviews");
    [self lifeline_viewWillLayoutSubviews];
}

- (void)lifeline_viewDidLayoutSubviews {
    LLTrace(self, @"viewDidLayoutSubviews");
    [self lifeline_viewDidLayoutSubviews];
}

- (void)lifeline_willMoveToParentViewController:(UIViewController *)parent {
    LLTrace(self, @"willMove toParent=%@", LLDescribe(parent));
    [self lifeline_willMoveToParentViewController:parent];
}

- (void)lifeline_didMoveToParentViewController:(UIViewController *)parent {
    LLTrace(self, @"didMove toParent=%@", LLDescribe(parent));
    [self lifeline_didMoveToParentViewController:parent];
}

- (void)lifeline_addChildViewController:(UIViewController *)child {
    LLTrace(self, @"addChild child=%@", LLDescribe(child));
    [self lifeline_addChildViewController:child];
}

- (void)lifeline_removeFromParentViewController {
    LLTrace(self, @"removeFromParent");
    [self lifeline_removeFromParentViewController];
}

@end

// Observers count only when the observer is a view controller. Removing by no name removes all of its observers.
@implementation NSNotificationCenter (LifelineTracing)

- (void)lifeline_addObserver:(id)observer selector:(SEL)selector name:(NSNotificationName)name object:(id)object {
    if ([observer isKindOfClass:[UIViewController class]]) {
        LLTrace(observer, @"addObserver name=%@", name ?: @"*");
    }
    [self lifeline_addObserver:observer selector:selector name:name object:object];
}

- (void)lifeline_removeObserver:(id)observer name:(NSNotificationName)name object:(id)object {
    if ([observer isKindOfClass:[UIViewController class]]) {
        if (name != nil) {
            LLTrace(observer, @"removeObserver name=%@", name);
        } else {
            LLTrace(observer, @"removeObserver self");
        }
    }
    [self lifeline_removeObserver:observer name:name object:object];
}

- (void)lifeline_removeObserver:(id)observer {
    if ([observer isKindOfClass:[UIViewController class]]) {
        LLTrace(observer, @"removeObserver self");
    }
    [self lifeline_removeObserver:observer];
}

@end
#endif
