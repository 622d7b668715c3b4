// LifelineViewController.cs: logs the lifecycle of a UIViewController for Lifeline (Xamarin.iOS, .NET for iOS).
//
// Add this file to the iOS project and derive your controllers from LifelineViewController instead of
// UIViewController. Compiled in DEBUG builds only: in Release the class adds nothing. Every line names the
// instance, as Lifeline reads best:
//
//     <Shop.CartViewController: 0x7fa1c8d0a200> ViewWillAppear animated=1
//     <Shop.CartViewController: 0x7fa1c8d0a200> WillMoveToParentViewController parent=<UIKit.UINavigationController: 0x7fa1c8c05400>
//
// Lines go to the unified log (subsystem "lifeline", category "lifecycle"; the IDE's device log shows them).
// Capture them as docs/capture.md says, then run `lifeline check`. Only controllers derived from this class are
// logged (UIKit's own, such as a UINavigationController, appear as parents). In .NET MAUI, pages are not
// UIViewController subclasses you own: use it for native controllers a MAUI app presents or embeds.
// Observers are logged when added through Observe and removed through StopObserving.

using System;
using System.Collections.Generic;
using CoreFoundation;
using Foundation;
using ObjCRuntime;
using UIKit;

namespace Lifeline
{
    public class LifelineViewController : UIViewController
    {
        readonly Dictionary<string, NSObject> observersByName = new Dictionary<string, NSObject>();

        public LifelineViewController() { }
        public LifelineViewController(string nibName, NSBundle bundle) : base(nibName, bundle) { }
#if NET
        protected LifelineViewController(NativeHandle handle) : base(handle) { }
#else
        protected LifelineViewController(IntPtr handle) : base(handle) { }
#endif

#if DEBUG
        static readonly OSLog Lifecycle = new OSLog("lifeline", "lifecycle");

        /// <summary>`&lt;Namespace.Class: 0xADDRESS&gt;` like UIKit's description of the native object; "nil" for none.</summary>
        static string Describe(UIViewController controller) =>
            controller == null ? "nil" : $"<{controller.GetType().FullName}: 0x{((IntPtr)controller.Handle).ToString("x")}>";

        /// <summary>Writes one line: this controller's description, a space, the message.</summary>
        void Trace(string message) => Lifecycle.Log(OSLogLevel.Default, Describe(this) + " " + message);

        public override void LoadView()
        {
            Trace("LoadView");
            base.LoadView();
        }

        public override void ViewDidLoad()
        {
            Trace("ViewDidLoad");
            base.ViewDidLoad();
        }

        public override void ViewWillAppear(bool animated)
        {
            Trace($"ViewWillAppear animated={(animated ? 1 : 0)}");
            base.ViewWillAppear(animated);
        }

#if NET8_0_OR_GREATER
        public override void ViewIsAppearing(bool animated)
        {
            Trace($"ViewIsAppearing animated={(animated ? 1 : 0)}");
            base.ViewIsAppearing(animated);
        }
#endif

        public override void ViewDidAppear(bool animated)
        {
            Trace($"ViewDidAppear animated={(animated ? 1 : 0)}");
            base.ViewDidAppear(animated);
        }

        public override void ViewWillDisappear(bool animated)
        {
            Trace($"ViewWillDisappear animated={(animated ? 1 : 0)}");
            base.ViewWillDisappear(animated);
        }

        public override void ViewDidDisappear(bool animated)
        {
            Trace($"ViewDidDisappear animated={(animated ? 1 : 0)}");
            base.ViewDidDisappear(animated);
        }

        public override void ViewWillLayoutSubviews()
        {
            Trace("ViewWillLayoutSubviews");
            base.ViewWillLayoutSubviews();
        }

        public override void ViewDidLayoutSubviews()
        {
            Trace("ViewDidLayoutSubviews");
            base.ViewDidLayoutSubviews();
        }

        public override void WillMoveToParentViewController(UIViewController parent)
        {
            Trace($"WillMoveToParentViewController parent={Describe(parent)}");
            base.WillMoveToParentViewController(parent);
        }

        public override void DidMoveToParentViewController(UIViewController parent)
        {
            Trace($"DidMoveToParentViewController parent={Describe(parent)}");
            base.DidMoveToParentViewController(parent);
        }

        public override void AddChildViewController(UIViewController childController)
        {
            Trace($"AddChildViewController child={Describe(childController)}");
            base.AddChildViewController(childController);
        }

        public override void RemoveFromParentViewController()
        {
            Trace("RemoveFromParentViewController");
            base.RemoveFromParentViewController();
        }

        /// <summary>Logged before the managed object lets go of the native one (its Handle is gone afterwards).</summary>
        protected override void Dispose(bool disposing)
        {
            if ((IntPtr)Handle != IntPtr.Zero) Trace("Dispose");
            base.Dispose(disposing);
        }
#endif

        /// <summary>Observes a notification by name; logged in DEBUG builds. Undo with StopObserving.</summary>
        protected void Observe(NSString name, Action<NSNotification> handler)
        {
#if DEBUG
            Trace($"AddObserver name={name}");
#endif
            observersByName[name.ToString()] = NSNotificationCenter.DefaultCenter.AddObserver(name, handler);
        }

        /// <summary>Stops observing a notification added with Observe; logged in DEBUG builds.</summary>
        protected void StopObserving(NSString name)
        {
            if (!observersByName.Remove(name.ToString(), out var token)) return;
#if DEBUG
            Trace($"RemoveObserver name={name}");
#endif
            NSNotificationCenter.DefaultCenter.RemoveObserver(token);
        }
    }
}
